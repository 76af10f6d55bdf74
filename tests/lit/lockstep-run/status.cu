// main's return value is lockstep-run's exit status; compile errors exit 1.
// RUN: lockstep-run %s; test $? -eq 42
// RUN: lockstep-run %s -O3; test $? -eq 42
// RUN: not lockstep-run %s --sm=sm_12 2>&1 | FileCheck %s --check-prefix=SM
// SM: unknown target 'sm_12'
int main() { return 42; }
