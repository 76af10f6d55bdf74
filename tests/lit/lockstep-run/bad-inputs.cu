// Inputs lockstep-run cannot run: each is one clear error (located when it
// is about the text) and exit status 1, never a panic.
//
// main must take nothing or (int argc, char **argv); the front end says so
// at the parameter.
// RUN: printf 'int main(float x, char **argv) { return 0; }\n' > %t.float.cu
// RUN: lockstep-run %t.float.cu 2> %t.float.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=FLOAT < %t.float.err
// FLOAT: float.cu:1:10: error: first parameter of 'main' (argument count) must be of type 'int', not 'float'
// RUN: printf 'int main(int argc, int **argv) { return 0; }\n' > %t.argv.cu
// RUN: not lockstep-run %t.argv.cu 2>&1 | FileCheck %s --check-prefix=ARGV
// ARGV: argv.cu:1:20: error: second parameter of 'main' (argument array) must be of type 'char **', not 'int **'
// RUN: printf 'int main(int argc) { return 0; }\n' > %t.one.cu
// RUN: not lockstep-run %t.one.cu 2>&1 | FileCheck %s --check-prefix=ONE
// ONE: one.cu:1:10: error: 'main' takes no parameters or two (int argc, char **argv), not 1
//
// No main: located at the end of the file.
// RUN: printf '__global__ void k() {}\nint f() { return 1; }\n\n' > %t.nomain.cu
// RUN: lockstep-run %t.nomain.cu 2> %t.nomain.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=NOMAIN < %t.nomain.err
// NOMAIN: nomain.cu:2:22: error: the program has no 'main' function to run
// NOMAIN-NEXT: {{^}}int f() { return 1; }
// NOMAIN-NEXT: {{^}}                     ^
//
// An empty file, a missing file, a directory.
// RUN: : > %t.empty.cu
// RUN: not lockstep-run %t.empty.cu 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: empty.cu:1:1: error: empty translation unit
// RUN: rm -rf %t.missing.cu %t.dir && mkdir %t.dir
// RUN: lockstep-run %t.missing.cu 2> %t.missing.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=MISSING < %t.missing.err
// MISSING: lockstep-run: error: cannot open input file '{{.*}}missing.cu': No such file or directory
// RUN: lockstep-run %t.dir 2> %t.dir.err; test $? -eq 1
// RUN: FileCheck %s --check-prefix=DIR < %t.dir.err
// DIR: lockstep-run: error: cannot read input file '{{.*}}.dir': Is a directory
//
// The same for --device-ptx, before anything is compiled.
// RUN: not lockstep-run %s --device-ptx %t.missing.ptx 2>&1 | FileCheck %s --check-prefix=PTXMISSING
// PTXMISSING: lockstep-run: error: cannot open input file '{{.*}}missing.ptx': No such file or directory
// RUN: not lockstep-run %s --device-ptx %t.dir 2>&1 | FileCheck %s --check-prefix=PTXDIR
// PTXDIR: lockstep-run: error: cannot read input file '{{.*}}.dir': Is a directory
int main() { return 0; }
