// The words after `--` are the program's arguments: main(int argc, char
// **argv) gets argv[0] = the input path, then them, as a process would;
// `%s` prints a host `char *` and argv[1] parses as a number by hand (there
// is no atoi). Options after `--` belong to the program, not lockstep-run.
// RUN: lockstep-run %s -- 21 "two words" -O3 | FileCheck %s
// CHECK: argc=4
// CHECK-NEXT: argv[0]={{.*}}args.cu
// CHECK-NEXT: argv[1]=21
// CHECK-NEXT: argv[2]=two words
// CHECK-NEXT: argv[3]=-O3
// CHECK-NEXT: twice=42
// CHECK-NEXT: argv[argc] is null
// RUN: lockstep-run %s -O3 | FileCheck %s --check-prefix=NONE
// NONE: argc=1
// NONE-NEXT: argv[0]={{.*}}args.cu
// NONE-NEXT: twice=0
// The exit status is main's: the number parsed from argv[1].
// RUN: lockstep-run %s -- 7 > /dev/null; test $? -eq 7
// RUN: lockstep-run --help | FileCheck %s --check-prefix=HELP
// HELP: Usage: lockstep-run [OPTIONS] <input> [-- [ARGS]...]
// HELP: Program arguments follow '--'
#include <cstdio>

int main(int argc, char **argv) {
  printf("argc=%d\n", argc);
  for (int i = 0; i < argc; i++)
    printf("argv[%d]=%s\n", i, argv[i]);
  int n = 0;
  if (argc > 1) {
    char *s = argv[1];
    for (int i = 0; s[i] >= '0' && s[i] <= '9'; i++)
      n = n * 10 + (s[i] - '0');
  }
  printf("twice=%d\n", 2 * n);
  // argv[argc] is a null pointer: read it as an integer through a long view.
  long *words = (long *)argv;
  if (words[argc] == 0)
    printf("argv[argc] is null\n");
  return n == 7 ? 7 : 0;
}
