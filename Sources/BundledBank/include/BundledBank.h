// The bundled bank, Data/questions.json, as bytes in the binary's read-only data. A C file
// embeds it with #embed, which the C compiler reads as a file: SwiftPM's embedInCode wrote
// it as a Swift array literal of 370,000 numbers, which took the optimizer of a release
// build about 100 s.
#ifndef BUNDLED_BANK_H
#define BUNDLED_BANK_H

#include <stddef.h>

/// The first byte of Data/questions.json as it was when the binary was built.
const unsigned char *trivia_bundled_bank_bytes(void);

/// How many bytes the file has.
size_t trivia_bundled_bank_count(void);

#endif
