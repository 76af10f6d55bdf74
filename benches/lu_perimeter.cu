// lu_perimeter.cu — the perimeter step of a blocked LU decomposition.
//
// Shows: the shape of Rodinia's lud_perimeter kernel that Saumya et al.
// (CGO'22) meld: a block of 2*BS threads where the first BS threads work on
// a block row (to the right of the diagonal block) and the other BS on a
// block column (below it). Loads, the triangular solves and the stores are
// all split by `threadIdx.x < BS`; with BS = 16 every 32-lane warp holds
// both halves, so each of those branches diverges, and the two sides run
// similar loop nests over shared memory. The host launches the kernel once
// per diagonal offset. The arithmetic is unsigned (wrapping multiply and
// subtract, unsigned division by a nonzero diagonal), so it is exact.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define DIM 160
#define BS 16

__global__ void lu_perimeter(unsigned *m, int dim, int offset) {
  __shared__ unsigned dia[BS][BS];
  __shared__ unsigned peri_row[BS][BS];
  __shared__ unsigned peri_col[BS][BS];
  int tx = threadIdx.x;
  int diag_base = offset * dim + offset;
  int row_base = diag_base + (blockIdx.x + 1) * BS;
  int col_base = diag_base + (blockIdx.x + 1) * BS * dim;

  if (tx < BS) {
    int idx = tx;
    for (int i = 0; i < BS / 2; i++) {
      dia[i][idx] = m[diag_base + i * dim + idx];
    }
    for (int i = 0; i < BS; i++) {
      peri_row[i][idx] = m[row_base + i * dim + idx];
    }
  } else {
    int idx = tx - BS;
    for (int i = BS / 2; i < BS; i++) {
      dia[i][idx] = m[diag_base + i * dim + idx];
    }
    for (int i = 0; i < BS; i++) {
      peri_col[i][idx] = m[col_base + i * dim + idx];
    }
  }
  __syncthreads();

  if (tx < BS) {
    // Forward substitution with the unit lower triangle: one column each.
    int idx = tx;
    for (int i = 1; i < BS; i++) {
      for (int j = 0; j < i; j++) {
        peri_row[i][idx] -= dia[i][j] * peri_row[j][idx];
      }
    }
  } else {
    // Solve against the upper triangle: one row of the block column each.
    int idx = tx - BS;
    for (int i = 0; i < BS; i++) {
      for (int j = 0; j < i; j++) {
        peri_col[idx][i] -= peri_col[idx][j] * dia[j][i];
      }
      peri_col[idx][i] /= dia[i][i];
    }
  }
  __syncthreads();

  if (tx < BS) {
    int idx = tx;
    for (int i = 0; i < BS; i++) {
      m[row_base + i * dim + idx] = peri_row[i][idx];
    }
  } else {
    int idx = tx - BS;
    for (int i = 0; i < BS; i++) {
      m[col_base + i * dim + idx] = peri_col[i][idx];
    }
  }
}

int main() {
  int bytes = DIM * DIM * sizeof(unsigned);
  unsigned *hm = (unsigned *)malloc(bytes);
  unsigned *ref = (unsigned *)malloc(bytes);
  unsigned seed = 1337u;
  for (int r = 0; r < DIM; r++) {
    for (int c = 0; c < DIM; c++) {
      seed = seed * 1664525u + 1013904223u;
      unsigned v = seed >> 8;
      if (r == c) {
        // Diagonal entries are divisors: keep them in [3, 258).
        v = 3u + v % 255u;
      }
      hm[r * DIM + c] = v;
      ref[r * DIM + c] = v;
    }
  }

  // Host reference: the same solves block by block. Perimeter blocks of
  // different offsets never overlap and diagonals are only read, so the
  // order of the blocks does not matter.
  for (int offset = 0; offset < DIM - BS; offset += BS) {
    int blocks = (DIM - offset) / BS - 1;
    for (int b = 0; b < blocks; b++) {
      int diag_base = offset * DIM + offset;
      int row_base = diag_base + (b + 1) * BS;
      int col_base = diag_base + (b + 1) * BS * DIM;
      for (int idx = 0; idx < BS; idx++) {
        for (int i = 1; i < BS; i++) {
          for (int j = 0; j < i; j++) {
            ref[row_base + i * DIM + idx] -=
                ref[diag_base + i * DIM + j] * ref[row_base + j * DIM + idx];
          }
        }
        for (int i = 0; i < BS; i++) {
          for (int j = 0; j < i; j++) {
            ref[col_base + idx * DIM + i] -=
                ref[col_base + idx * DIM + j] * ref[diag_base + j * DIM + i];
          }
          ref[col_base + idx * DIM + i] /= ref[diag_base + i * DIM + i];
        }
      }
    }
  }

  unsigned *dm;
  cudaMalloc((void **)&dm, bytes);
  cudaMemcpy(dm, hm, bytes, cudaMemcpyHostToDevice);
  int launches = 0;
  for (int offset = 0; offset < DIM - BS; offset += BS) {
    lu_perimeter<<<(DIM - offset) / BS - 1, 2 * BS>>>(dm, DIM, offset);
    launches++;
  }
  cudaDeviceSynchronize();
  cudaMemcpy(hm, dm, bytes, cudaMemcpyDeviceToHost);

  int errors = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < DIM * DIM; i++) {
    if (hm[i] != ref[i]) {
      errors++;
    }
    checksum += (unsigned long long)hm[i] * (unsigned long long)(i % 7 + 1);
  }
  printf("lu_perimeter: dim=%d bs=%d launches=%d row0=%u col0=%u checksum=%llu errors=%d\n", DIM,
         BS, launches, hm[BS], hm[BS * DIM], checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dm);
  free(hm);
  free(ref);
  return errors == 0 ? 0 : 1;
}
