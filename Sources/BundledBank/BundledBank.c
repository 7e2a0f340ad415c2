#include "BundledBank.h"

// The compiler lists the embedded file among this file's dependencies, so a change to the
// bank rebuilds it.
static const unsigned char bank[] = {
#embed "../../Data/questions.json"
};

const unsigned char *trivia_bundled_bank_bytes(void) { return bank; }

size_t trivia_bundled_bank_count(void) { return sizeof bank; }
