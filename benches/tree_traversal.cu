// tree_traversal.cu — nearest-neighbour queries on a 2-D kd-tree.
//
// Shows: per-thread tree traversal with a data-dependent loop. The host
// builds a balanced kd-tree over POINTS = 2^10 - 1 integer points in
// implicit layout (children of node n at 2n+1 and 2n+2, split axis =
// depth % 2) by quickselect on index ranges. Each device thread answers
// one query with an explicit stack in a local array: it visits the near
// child first and pushes the far child together with its squared distance
// to the splitting plane, pruning entries that cannot beat the best
// distance found so far.
// Trip counts and branch outcomes differ per thread. Distances are exact
// integers, so the host's brute-force search must agree on every distance.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define POINTS 1023
#define QUERIES 512
#define BLOCK 128
#define STACK 64
#define RANGE 4096

__global__ void nearest(const int *px, const int *py, const int *qx, const int *qy, int *best_dist,
                        int *visits) {
  int q = blockIdx.x * blockDim.x + threadIdx.x;
  if (q >= QUERIES) {
    return;
  }
  int x = qx[q];
  int y = qy[q];
  int stack_node[STACK];
  int stack_bound[STACK];
  int top = 0;
  stack_node[0] = 0;
  stack_bound[0] = 0;
  top = 1;
  int best = 0x7fffffff;
  int visited = 0;
  while (top > 0) {
    top--;
    int node = stack_node[top];
    if (stack_bound[top] >= best) {
      continue;
    }
    // Descend from `node` to a leaf, pushing far children on the way.
    while (node < POINTS) {
      visited++;
      int dx = px[node] - x;
      int dy = py[node] - y;
      int d = dx * dx + dy * dy;
      if (d < best) {
        best = d;
      }
      int depth = 0;
      for (int n = node + 1; n > 1; n /= 2) {
        depth++;
      }
      int plane = (depth % 2 == 0) ? -dx : -dy;
      int near_child;
      int far_child;
      if (plane < 0) {
        near_child = 2 * node + 1;
        far_child = 2 * node + 2;
      } else {
        near_child = 2 * node + 2;
        far_child = 2 * node + 1;
      }
      int bound = plane * plane;
      if (far_child < POINTS && bound < best && top < STACK) {
        stack_node[top] = far_child;
        stack_bound[top] = bound;
        top++;
      }
      node = near_child;
    }
  }
  best_dist[q] = best;
  visits[q] = visited;
}

// Orders idx[lo..hi] so that position k holds the k-th smallest point
// along `axis` and no smaller/larger element is on the wrong side.
void select_kth(int *idx, const int *coord, int lo, int hi, int k) {
  while (lo < hi) {
    int pivot = coord[idx[(lo + hi) / 2]];
    int i = lo;
    int j = hi;
    while (i <= j) {
      while (coord[idx[i]] < pivot) {
        i++;
      }
      while (coord[idx[j]] > pivot) {
        j--;
      }
      if (i <= j) {
        int t = idx[i];
        idx[i] = idx[j];
        idx[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) {
      hi = j;
    } else if (k >= i) {
      lo = i;
    } else {
      return;
    }
  }
}

int main() {
  int *rawx = (int *)malloc(POINTS * sizeof(int));
  int *rawy = (int *)malloc(POINTS * sizeof(int));
  int *idx = (int *)malloc(POINTS * sizeof(int));
  unsigned seed = 777u;
  for (int i = 0; i < POINTS; i++) {
    seed = seed * 1664525u + 1013904223u;
    rawx[i] = (int)((seed >> 8) % (unsigned)RANGE);
    seed = seed * 1664525u + 1013904223u;
    // Clustered in y: half the points in a narrow band.
    int spread = (i % 2 == 0) ? RANGE : RANGE / 16;
    rawy[i] = (int)((seed >> 8) % (unsigned)spread);
    idx[i] = i;
  }

  // Build: a work list of (node, lo, hi) ranges; every range of a complete
  // tree has 2^h - 1 points, so its median is the exact middle.
  int *px = (int *)malloc(POINTS * sizeof(int));
  int *py = (int *)malloc(POINTS * sizeof(int));
  int *work_node = (int *)malloc(POINTS * sizeof(int));
  int *work_lo = (int *)malloc(POINTS * sizeof(int));
  int *work_hi = (int *)malloc(POINTS * sizeof(int));
  int *work_depth = (int *)malloc(POINTS * sizeof(int));
  int pending = 1;
  work_node[0] = 0;
  work_lo[0] = 0;
  work_hi[0] = POINTS - 1;
  work_depth[0] = 0;
  while (pending > 0) {
    pending--;
    int node = work_node[pending];
    int lo = work_lo[pending];
    int hi = work_hi[pending];
    int depth = work_depth[pending];
    int mid = (lo + hi) / 2;
    select_kth(idx, depth % 2 == 0 ? rawx : rawy, lo, hi, mid);
    px[node] = rawx[idx[mid]];
    py[node] = rawy[idx[mid]];
    if (lo < mid) {
      work_node[pending] = 2 * node + 1;
      work_lo[pending] = lo;
      work_hi[pending] = mid - 1;
      work_depth[pending] = depth + 1;
      pending++;
      work_node[pending] = 2 * node + 2;
      work_lo[pending] = mid + 1;
      work_hi[pending] = hi;
      work_depth[pending] = depth + 1;
      pending++;
    }
  }

  int *hqx = (int *)malloc(QUERIES * sizeof(int));
  int *hqy = (int *)malloc(QUERIES * sizeof(int));
  for (int q = 0; q < QUERIES; q++) {
    seed = seed * 1664525u + 1013904223u;
    hqx[q] = (int)((seed >> 8) % (unsigned)RANGE);
    seed = seed * 1664525u + 1013904223u;
    hqy[q] = (int)((seed >> 8) % (unsigned)RANGE);
  }

  int *dpx;
  int *dpy;
  int *dqx;
  int *dqy;
  int *dbest;
  int *dvisits;
  cudaMalloc((void **)&dpx, POINTS * sizeof(int));
  cudaMalloc((void **)&dpy, POINTS * sizeof(int));
  cudaMalloc((void **)&dqx, QUERIES * sizeof(int));
  cudaMalloc((void **)&dqy, QUERIES * sizeof(int));
  cudaMalloc((void **)&dbest, QUERIES * sizeof(int));
  cudaMalloc((void **)&dvisits, QUERIES * sizeof(int));
  cudaMemcpy(dpx, px, POINTS * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dpy, py, POINTS * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dqx, hqx, QUERIES * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dqy, hqy, QUERIES * sizeof(int), cudaMemcpyHostToDevice);
  nearest<<<(QUERIES + BLOCK - 1) / BLOCK, BLOCK>>>(dpx, dpy, dqx, dqy, dbest, dvisits);
  cudaDeviceSynchronize();
  int *hbest = (int *)malloc(QUERIES * sizeof(int));
  int *hvisits = (int *)malloc(QUERIES * sizeof(int));
  cudaMemcpy(hbest, dbest, QUERIES * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(hvisits, dvisits, QUERIES * sizeof(int), cudaMemcpyDeviceToHost);

  int errors = 0;
  long long total_visits = 0;
  int max_visits = 0;
  unsigned long long checksum = 0;
  for (int q = 0; q < QUERIES; q++) {
    int want = 0x7fffffff;
    for (int i = 0; i < POINTS; i++) {
      int dx = rawx[i] - hqx[q];
      int dy = rawy[i] - hqy[q];
      int d = dx * dx + dy * dy;
      want = d < want ? d : want;
    }
    if (hbest[q] != want) {
      errors++;
    }
    total_visits += hvisits[q];
    max_visits = hvisits[q] > max_visits ? hvisits[q] : max_visits;
    checksum = checksum * 1000003ull + (unsigned long long)hbest[q];
  }
  printf("tree_traversal: points=%d queries=%d visits=%lld max_visits=%d checksum=%llu errors=%d\n",
         POINTS, QUERIES, total_visits, max_visits, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(dpx);
  cudaFree(dpy);
  cudaFree(dqx);
  cudaFree(dqy);
  cudaFree(dbest);
  cudaFree(dvisits);
  free(rawx);
  free(rawy);
  free(idx);
  free(px);
  free(py);
  free(work_node);
  free(work_lo);
  free(work_hi);
  free(work_depth);
  free(hqx);
  free(hqy);
  free(hbest);
  free(hvisits);
  return errors == 0 ? 0 : 1;
}
