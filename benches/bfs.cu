// bfs.cu — level-synchronous breadth-first search over a generated CSR graph.
//
// Shows: a host loop with a convergence test (the KFCM shape): each
// iteration clears a device flag, launches one frontier-expansion kernel,
// copies the flag back and stops when no vertex was discovered. Inside the
// kernel only frontier vertices work (divergent), each walks its own
// adjacency list (data-dependent trip count) and claims unvisited
// neighbours. Racing writers store the same level, so the result is
// deterministic. The graph: a random spanning tree plus extra edges (mostly
// short-range, a few shortcuts, so BFS takes dozens of levels) with skewed
// degrees, and a few vertices left unreachable. The host runs a queue-based
// BFS and compares every level.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define V 8192
#define BLOCK 128
#define ISOLATED 37
#define MAX_EXTRA 6

__global__ void expand_frontier(const int *row_start, const int *adjacency, int *level, int current,
                                int *changed) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= V) {
    return;
  }
  if (level[v] != current) {
    return;
  }
  for (int e = row_start[v]; e < row_start[v + 1]; e++) {
    int u = adjacency[e];
    if (level[u] < 0) {
      level[u] = current + 1;
      *changed = 1;
    }
  }
}

int main() {
  // Edge list: vertex i > 0 (not isolated) hangs below a random earlier
  // vertex; then every vertex gets 0, 1 or MAX_EXTRA extra edges, mostly
  // to vertices within 64 of it. Edges are stored in both directions.
  int max_edges = 2 * V * (MAX_EXTRA + 1);
  int *src = (int *)malloc(max_edges * sizeof(int));
  int *dst = (int *)malloc(max_edges * sizeof(int));
  int edges = 0;
  unsigned seed = 4242u;
  for (int i = 1; i < V; i++) {
    if (i % ISOLATED == 0) {
      continue;
    }
    seed = seed * 1664525u + 1013904223u;
    // Parents biased towards recent vertices make long paths.
    int back = 1 + (int)((seed >> 16) % 64u);
    int parent = i - back;
    if (parent < 0) {
      parent = 0;
    }
    while (parent > 0 && parent % ISOLATED == 0) {
      parent--;
    }
    src[edges] = i;
    dst[edges] = parent;
    edges++;
    src[edges] = parent;
    dst[edges] = i;
    edges++;
  }
  for (int i = 0; i < V; i++) {
    if (i % ISOLATED == 0 && i != 0) {
      continue;
    }
    seed = seed * 1664525u + 1013904223u;
    int extra = (int)((seed >> 13) % 97u) < 80 ? (int)((seed >> 7) % 2u) : MAX_EXTRA;
    for (int k = 0; k < extra; k++) {
      seed = seed * 1664525u + 1013904223u;
      // Mostly short-range edges (a long, thin graph), rarely a shortcut.
      int j = i + (int)((seed >> 10) % 129u) - 64;
      if ((seed >> 20) % 1024u == 0u) {
        j = (int)((seed >> 4) % (unsigned)V);
      }
      if (j < 0 || j >= V) {
        continue;
      }
      if (j % ISOLATED == 0 && j != 0) {
        continue;
      }
      src[edges] = i;
      dst[edges] = j;
      edges++;
      src[edges] = j;
      dst[edges] = i;
      edges++;
    }
  }

  // CSR by counting sort on the source vertex.
  int *row_start = (int *)malloc((V + 1) * sizeof(int));
  int *fill = (int *)malloc(V * sizeof(int));
  int *adjacency = (int *)malloc(edges * sizeof(int));
  for (int i = 0; i <= V; i++) {
    row_start[i] = 0;
  }
  for (int e = 0; e < edges; e++) {
    row_start[src[e] + 1]++;
  }
  for (int i = 0; i < V; i++) {
    row_start[i + 1] += row_start[i];
    fill[i] = row_start[i];
  }
  for (int e = 0; e < edges; e++) {
    adjacency[fill[src[e]]] = dst[e];
    fill[src[e]]++;
  }

  int *hlevel = (int *)malloc(V * sizeof(int));
  for (int i = 0; i < V; i++) {
    hlevel[i] = -1;
  }
  hlevel[0] = 0;

  int *drow;
  int *dadj;
  int *dlevel;
  int *dchanged;
  cudaMalloc((void **)&drow, (V + 1) * sizeof(int));
  cudaMalloc((void **)&dadj, edges * sizeof(int));
  cudaMalloc((void **)&dlevel, V * sizeof(int));
  cudaMalloc((void **)&dchanged, sizeof(int));
  cudaMemcpy(drow, row_start, (V + 1) * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dadj, adjacency, edges * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(dlevel, hlevel, V * sizeof(int), cudaMemcpyHostToDevice);

  int current = 0;
  int changed = 1;
  while (changed != 0) {
    changed = 0;
    cudaMemcpy(dchanged, &changed, sizeof(int), cudaMemcpyHostToDevice);
    expand_frontier<<<(V + BLOCK - 1) / BLOCK, BLOCK>>>(drow, dadj, dlevel, current, dchanged);
    cudaDeviceSynchronize();
    cudaMemcpy(&changed, dchanged, sizeof(int), cudaMemcpyDeviceToHost);
    current++;
  }
  cudaMemcpy(hlevel, dlevel, V * sizeof(int), cudaMemcpyDeviceToHost);

  // Host reference: queue-based BFS.
  int *ref = (int *)malloc(V * sizeof(int));
  int *queue = (int *)malloc(V * sizeof(int));
  for (int i = 0; i < V; i++) {
    ref[i] = -1;
  }
  ref[0] = 0;
  queue[0] = 0;
  int head = 0;
  int tail = 1;
  while (head < tail) {
    int v = queue[head];
    head++;
    for (int e = row_start[v]; e < row_start[v + 1]; e++) {
      int u = adjacency[e];
      if (ref[u] < 0) {
        ref[u] = ref[v] + 1;
        queue[tail] = u;
        tail++;
      }
    }
  }

  int errors = 0;
  int reached = 0;
  int depth = 0;
  unsigned long long checksum = 0;
  for (int i = 0; i < V; i++) {
    if (hlevel[i] != ref[i]) {
      errors++;
    }
    if (hlevel[i] >= 0) {
      reached++;
    }
    depth = hlevel[i] > depth ? hlevel[i] : depth;
    checksum = checksum * 33ull + (unsigned long long)(hlevel[i] + 1);
  }
  printf("bfs: vertices=%d edges=%d launches=%d reached=%d depth=%d checksum=%llu errors=%d\n", V,
         edges, current, reached, depth, checksum, errors);
  printf("%s\n", errors == 0 ? "PASS" : "FAIL");

  cudaFree(drow);
  cudaFree(dadj);
  cudaFree(dlevel);
  cudaFree(dchanged);
  free(src);
  free(dst);
  free(row_start);
  free(fill);
  free(adjacency);
  free(hlevel);
  free(ref);
  free(queue);
  return errors == 0 ? 0 : 1;
}
