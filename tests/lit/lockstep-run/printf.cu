// Host printf through lockstep-run prints exactly what C's printf prints
// (the expected text is glibc's output for the same calls).
// RUN: lockstep-run %s | FileCheck %s --match-full-lines --strict-whitespace
#include <cstdio>

int main() {
  // CHECK:[0.2][0.3][1.00][2][4][7.302756e+03]
  printf("[%.1f][%.1f][%.2f][%.0f][%.0f][%e]\n", 0.25, 0.35, 1.005, 2.5, 3.5, 7302.756);
  // CHECK-NEXT:[0xff][42   ][-0042][4294967295][-5][18446744073709551615]
  printf("[%#x][%-5d][%05d][%u][%lld][%llu]\n", 255, 42, -42, -1, -5LL, 18446744073709551615ULL);
  // CHECK-NEXT:[0.0001][1.23457e+08][100000][1e-05]
  printf("[%g][%g][%g][%g]\n", 0.0001, 123456789.0, 100000.0, 0.00001);
  // CHECK-NEXT:100%
  printf("100%%\n");
  return 0;
}
