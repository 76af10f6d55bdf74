// Host work only: two loops over a million elements (fill with an LCG, then a
// data-dependent reduction). `lockstep-bench host-loop` times lockstep-run on it.
#include <cstdio>
#include <cstdlib>
int main() {
  int n = 1000000;
  unsigned *a = (unsigned *)malloc(n * sizeof(unsigned));
  unsigned x = 12345u;
  for (int i = 0; i < n; i++) {
    x = x * 1664525u + 1013904223u;
    a[i] = x >> 8;
  }
  unsigned long long sum = 0;
  for (int i = 0; i < n; i++) {
    if (a[i] & 1) sum += a[i]; else sum ^= a[i];
  }
  printf("%llu\n", sum);
  free(a);
  return 0;
}
