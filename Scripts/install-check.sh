#!/usr/bin/env bash
# `make install` into a temporary DESTDIR lays out exactly the files the Makefile lists in
# INSTALLED, each one non-empty and usable, and `make uninstall` then leaves no file behind.
# Usage: install-check.sh BINARY FILE... (`make install-check` passes both; `make test` runs it).
set -euo pipefail
binary=$1
shift
dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT
prefix=/usr/local
root=$dest$prefix
fail() {
  printf 'install-check: %s\n' "$@" >&2
  exit 1
}
all_files() { (cd "$dest" && find . ! -type d | sed "s|^\./${prefix#/}/||" | sort); }

"${MAKE:-make}" --no-print-directory install DESTDIR="$dest" PREFIX="$prefix" BINARY="$binary" >/dev/null
[ "$(all_files)" = "$(printf '%s\n' "$@" | sort)" ] ||
  fail "make install put in place other files than INSTALLED:" "$(diff <(printf '%s\n' "$@" | sort) <(all_files))"
for file in "$@"; do [ -s "$root/$file" ] || fail "$file is empty"; done

# The binary runs; every option its --help shows is in the man page's OPTIONS and in each
# completion.
help=$("$root/bin/trivia" --help) || fail "trivia --help failed"
options=$(grep -o -- '--[a-z][a-z-]*' <<<"$help" | sort -u)
[ -n "$options" ] || fail "trivia --help shows no options"
page=$root/share/man/man1/trivia.1
described=$(sed -n '/^\.SH OPTIONS$/,/^\.SH /p' "$page")
completions=("bash-completion/completions/trivia" "zsh/site-functions/_trivia" "fish/vendor_completions.d/trivia.fish")
for option in $options; do
  grep -qF -- "\fB${option//-/\\-}\fR" <<<"$described" || fail "the man page's OPTIONS lack $option"
  for file in "${completions[@]}"; do
    grep -qF -- "${option#--}" "$root/share/$file" || fail "$file lacks $option"
  done
done

# Each subcommand (`trivia check`, `trivia convert`) has its part of the man page's
# SUBCOMMANDS, with every option of its --help, and is completed with its options.
tools=$(sed -n '/^SUBCOMMANDS:$/,/^$/p' <<<"$help" | awk '/^  [a-z]/ {print $1}')
[ -n "$tools" ] || fail "trivia --help shows no subcommands"
subcommands=$(sed -n '/^\.SH SUBCOMMANDS$/,/^\.SH [A-RT-Z]/p' "$page")
for tool in $tools; do
  grep -qxF ".SS trivia $tool" <<<"$subcommands" || fail "the man page's SUBCOMMANDS lack trivia $tool"
  tool_help=$("$root/bin/trivia" "$tool" --help) || fail "trivia $tool --help failed"
  for option in $(sed -n '/^OPTIONS:$/,$p' <<<"$tool_help" | grep -o -- '--[a-z][a-z-]*' | grep -vx -e --help -e --version | sort -u); do
    grep -qF -- "\fB${option//-/\\-}\fR" <<<"$subcommands" || fail "the man page's SUBCOMMANDS lack $tool $option"
    for file in "${completions[@]}"; do
      grep -qF -- "${option#--}" "$root/share/$file" || fail "$file lacks $tool $option"
    done
  done
  for file in "${completions[@]}"; do
    grep -qw -- "$tool" "$root/share/$file" || fail "$file lacks the subcommand $tool"
  done
done

# The man page has its sections and renders without a warning.
for section in NAME SYNOPSIS DESCRIPTION OPTIONS SUBCOMMANDS FILES ENVIRONMENT "EXIT STATUS" EXAMPLES; do
  grep -qx "\.SH $section" "$page" || fail "the man page has no $section section"
done
warnings=$(groff -man -Tutf8 -ww -z "$page" 2>&1) && [ -z "$warnings" ] || fail "groff warns on trivia.1:" "$warnings"
if command -v mandoc >/dev/null; then
  warnings=$(mandoc -Tlint "$page" 2>&1) && [ -z "$warnings" ] || fail "mandoc -Tlint on trivia.1:" "$warnings"
fi
if command -v man >/dev/null; then
  warnings=$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null) && [ -z "$warnings" ] ||
    fail "man -l warns on trivia.1:" "$warnings"
fi

# The desktop file hands trivia:// links to the installed binary, in a terminal.
desktop=$root/share/applications/trivia.desktop
for line in "MimeType=x-scheme-handler/trivia;" "Exec=$prefix/bin/trivia --open %u" "Terminal=true"; do
  grep -qxF "$line" "$desktop" || fail "trivia.desktop has no line $line"
done
if command -v desktop-file-validate >/dev/null; then
  warnings=$(desktop-file-validate "$desktop" 2>&1) && [ -z "$warnings" ] ||
    fail "desktop-file-validate on trivia.desktop:" "$warnings"
fi

"${MAKE:-make}" --no-print-directory uninstall DESTDIR="$dest" PREFIX="$prefix" >/dev/null
[ -z "$(all_files)" ] || fail "make uninstall left files behind:" "$(all_files)"
echo "install-check: make install laid out the $# files listed, each checked; make uninstall removed them all"
