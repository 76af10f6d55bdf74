// nqueens.cu — n-queens counting by per-thread backtracking.
//
// Shows: a data-dependent, deeply divergent search. Each thread owns one
// placement of the queens in the first two rows (QN * QN prefixes; threads
// whose prefix already conflicts stop at once) and counts the completions
// with an iterative depth-first search: an explicit stack of bitmasks in
// local arrays, `avail & -avail` to pick the lowest free column, and a
// loop whose trip count differs wildly between threads. The host counts
// each prefix's solutions with a plain array-based backtracking search and
// compares per prefix; the total for QN = 9 is the known 352.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define QN 9
#define BLOCK 64

__global__ void count_queens(int *counts, int prefixes) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= prefixes) {
    return;
  }
  int c0 = t / QN;
  int c1 = t % QN;
  int diff = c0 - c1;
  if (diff < 0) {
    diff = -diff;
  }
  if (diff <= 1) {
    // Same column or diagonal neighbours: no solution has this prefix.
    counts[t] = 0;
    return;
  }
  unsigned full = (1u << QN) - 1u;
  unsigned cols[QN];
  unsigned left[QN];
  unsigned right[QN];
  unsigned avail[QN];
  // State after rows 0 and 1; `left`/`right` are the diagonals attacked in
  // the next row.
  int depth = 2;
  cols[depth] = (1u << c0) | (1u << c1);
  left[depth] = ((((1u << c0) << 1) | (1u << c1)) << 1) & full;
  right[depth] = (((1u << c0) >> 1) | (1u << c1)) >> 1;
  avail[depth] = full & ~(cols[depth] | left[depth] | right[depth]);
  int found = 0;
  while (depth >= 2) {
    unsigned a = avail[depth];
    if (a == 0) {
      depth--;
      continue;
    }
    unsigned bit = a & (0u - a);
    avail[depth] = a & ~bit;
    if (depth == QN - 1) {
      found++;
      continue;
    }
    unsigned nc = cols[depth] | bit;
    unsigned nl = ((left[depth] | bit) << 1) & full;
    unsigned nr = (right[depth] | bit) >> 1;
    depth++;
    cols[depth] = nc;
    left[depth] = nl;
    right[depth] = nr;
    avail[depth] = full & ~(nc | nl | nr);
  }
  counts[t] = found;
}

// Host reference: classic backtracking over a column-per-row array.
int host_count(int c0, int c1) {
  int queen[QN];
  queen[0] = c0;
  queen[1] = c1;
  for (int r = 0; r < 2; r++) {
    for (int s = 0; s < r; s++) {
      int d = queen[r] - queen[s];
      if (d == 0 || d == r - s || d == s - r) {
        return 0;
      }
    }
  }
  int count = 0;
  int row = 2;
  queen[2] = -1;
  while (row >= 2) {
    queen[row]++;
    if (queen[row] >= QN) {
      row--;
      continue;
    }
    bool ok = true;
    for (int s = 0; s < row && ok; s++) {
      int d = queen[row] - queen[s];
      if (d == 0 || d == row - s || d == s - row) {
        ok = false;
      }
    }
    if (!ok) {
      continue;
    }
    if (row == QN - 1) {
      count++;
    } else {
      row++;
      queen[row] = -1;
    }
  }
  return count;
}

int main() {
  int prefixes = QN * QN;
  int *hcounts = (int *)malloc(prefixes * sizeof(int));
  int *dcounts;
  cudaMalloc((void **)&dcounts, prefixes * sizeof(int));
  int blocks = (prefixes + BLOCK - 1) / BLOCK;
  count_queens<<<blocks, BLOCK>>>(dcounts, prefixes);
  cudaDeviceSynchronize();
  cudaMemcpy(hcounts, dcounts, prefixes * sizeof(int), cudaMemcpyDeviceToHost);

  int errors = 0;
  int total = 0;
  int busiest = 0;
  unsigned long long checksum = 0;
  for (int t = 0; t < prefixes; t++) {
    int want = host_count(t / QN, t % QN);
    if (hcounts[t] != want) {
      errors++;
    }
    total += hcounts[t];
    busiest = hcounts[t] > busiest ? hcounts[t] : busiest;
    checksum = checksum * 131ull + (unsigned long long)hcounts[t];
  }
  if (total != 352) {
    errors++;
  }
  printf("nqueens: n=%d prefixes=%d solutions=%d busiest=%d checksum=%llu errors=%d\n", QN,
         prefixes, total, busiest, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dcounts);
  free(hcounts);
  return errors == 0 ? 0 : 1;
}
