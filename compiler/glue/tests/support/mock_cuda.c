/* A stand-in for libcuda, for testing the generated host C and launch glue on
 * machines without a GPU driver.
 *
 * - Device memory is host memory; every device address a copy or a kernel
 *   touches must lie inside a live cuMemAlloc allocation, else the process
 *   exits with status 99 and a "mock cuda:" message.
 * - Kernels `vecadd`, `saxpy`, `ex`, `dec2zero` and `fir` (of examples/vecadd.cu,
 *   slides_saxpy.cu, slides_divergent.cu, slides_dec2zero.cu and fir.cu; 1-D
 *   launches) run on the CPU with the parameters cuLaunchKernel receives, so
 *   those programs print their real output; other kernels do nothing.
 * - MOCK_CUDA_FAIL=<driver call> makes that call fail (cuInit with
 *   CUDA_ERROR_NO_DEVICE, cuModuleLoadDataEx with CUDA_ERROR_INVALID_PTX and
 *   a JIT log, anything else with CUDA_ERROR_LAUNCH_FAILED).
 * - MOCK_CUDA_TRACE=1 prints each launch to stderr.
 * - At exit, device allocations still live are reported as leaks. */
#include <cuda.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct CUctx_st {
  int unused;
};
struct CUmod_st {
  char first_line[128];
};
struct CUfunc_st {
  char name[128];
};

static struct CUctx_st mock_context;
static struct CUmod_st mock_module;
static struct CUfunc_st mock_functions[64];
static int mock_function_count;
static CUcontext mock_current;
static int mock_initialized;

struct mock_allocation {
  char *base;
  size_t size;
};
static struct mock_allocation mock_allocations[256];
static int mock_allocation_count;

static int mock_should_fail(const char *call) {
  const char *which = getenv("MOCK_CUDA_FAIL");
  return which != NULL && strcmp(which, call) == 0;
}

static void mock_die(const char *what) {
  fprintf(stderr, "mock cuda: %s\n", what);
  exit(99);
}

/* The host address of `bytes` bytes at device address `ptr`, checked. */
static char *mock_device_bytes(CUdeviceptr ptr, size_t bytes) {
  char *p = (char *)(uintptr_t)ptr;
  for (int i = 0; i < mock_allocation_count; i++) {
    struct mock_allocation *a = &mock_allocations[i];
    if (a->base != NULL && p >= a->base && p + bytes <= a->base + a->size) {
      return p;
    }
  }
  mock_die("access outside every device allocation");
  return NULL;
}

static void mock_report_leaks(void) {
  int live = 0;
  for (int i = 0; i < mock_allocation_count; i++) {
    live += mock_allocations[i].base != NULL;
  }
  if (live > 0) {
    fprintf(stderr, "mock cuda: %d device allocations leaked\n", live);
  }
}

CUresult CUDAAPI cuGetErrorName(CUresult error, const char **name) {
  switch (error) {
  case CUDA_SUCCESS:
    *name = "CUDA_SUCCESS";
    return CUDA_SUCCESS;
  case CUDA_ERROR_NO_DEVICE:
    *name = "CUDA_ERROR_NO_DEVICE";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_PTX:
    *name = "CUDA_ERROR_INVALID_PTX";
    return CUDA_SUCCESS;
  case CUDA_ERROR_LAUNCH_FAILED:
    *name = "CUDA_ERROR_LAUNCH_FAILED";
    return CUDA_SUCCESS;
  case CUDA_ERROR_NOT_FOUND:
    *name = "CUDA_ERROR_NOT_FOUND";
    return CUDA_SUCCESS;
  default:
    *name = NULL;
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult CUDAAPI cuGetErrorString(CUresult error, const char **text) {
  *text = error == CUDA_SUCCESS ? "no error" : "mock error";
  return CUDA_SUCCESS;
}

static CUresult mock_result(const char *call) {
  if (!mock_should_fail(call)) {
    return CUDA_SUCCESS;
  }
  return strcmp(call, "cuInit") == 0 ? CUDA_ERROR_NO_DEVICE : CUDA_ERROR_LAUNCH_FAILED;
}

CUresult CUDAAPI cuInit(unsigned int flags) {
  if (flags != 0) {
    mock_die("cuInit flags must be 0");
  }
  if (!mock_initialized) {
    atexit(mock_report_leaks);
  }
  CUresult status = mock_result("cuInit");
  mock_initialized = status == CUDA_SUCCESS;
  return status;
}

CUresult CUDAAPI cuCtxGetCurrent(CUcontext *context) {
  if (!mock_initialized) {
    mock_die("cuCtxGetCurrent before cuInit");
  }
  *context = mock_current;
  return mock_result("cuCtxGetCurrent");
}

CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return mock_result("cuDeviceGet");
}

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  if (device != 0) {
    mock_die("only device 0 exists");
  }
  *context = &mock_context;
  return mock_result("cuDevicePrimaryCtxRetain");
}

CUresult CUDAAPI cuCtxSetCurrent(CUcontext context) {
  mock_current = context;
  return mock_result("cuCtxSetCurrent");
}

static void mock_need_context(void) {
  if (mock_current == NULL) {
    mock_die("driver call without a current context");
  }
}

CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int count,
                                    CUjit_option *options, void **values) {
  mock_need_context();
  if (mock_should_fail("cuModuleLoadDataEx")) {
    for (unsigned int i = 0; i < count; i++) {
      if (options[i] == CU_JIT_ERROR_LOG_BUFFER) {
        snprintf((char *)values[i], 64, "mock JIT log: bad ptx");
      }
    }
    return CUDA_ERROR_INVALID_PTX;
  }
  const char *text = (const char *)image;
  size_t n = strcspn(text, "\n");
  if (n >= sizeof mock_module.first_line) {
    n = sizeof mock_module.first_line - 1;
  }
  memcpy(mock_module.first_line, text, n);
  mock_module.first_line[n] = '\0';
  *module = &mock_module;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name) {
  mock_need_context();
  if (module != &mock_module) {
    mock_die("cuModuleGetFunction on an unknown module");
  }
  if (mock_should_fail("cuModuleGetFunction")) {
    return CUDA_ERROR_NOT_FOUND;
  }
  if (mock_function_count == 64 || strlen(name) >= sizeof mock_functions[0].name) {
    mock_die("too many functions");
  }
  struct CUfunc_st *f = &mock_functions[mock_function_count++];
  strcpy(f->name, name);
  *function = f;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemAlloc(CUdeviceptr *ptr, size_t bytes) {
  mock_need_context();
  if (bytes == 0 || mock_allocation_count == 256) {
    return CUDA_ERROR_INVALID_VALUE;
  }
  CUresult status = mock_result("cuMemAlloc");
  if (status != CUDA_SUCCESS) {
    return status;
  }
  char *p = malloc(bytes);
  memset(p, 0xA5, bytes);
  mock_allocations[mock_allocation_count].base = p;
  mock_allocations[mock_allocation_count].size = bytes;
  mock_allocation_count++;
  *ptr = (CUdeviceptr)(uintptr_t)p;
  return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr ptr) {
  mock_need_context();
  for (int i = 0; i < mock_allocation_count; i++) {
    if (mock_allocations[i].base != NULL && (CUdeviceptr)(uintptr_t)mock_allocations[i].base == ptr) {
      free(mock_allocations[i].base);
      mock_allocations[i].base = NULL;
      return mock_result("cuMemFree");
    }
  }
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  mock_need_context();
  memcpy(mock_device_bytes(dst, bytes), src, bytes);
  return mock_result("cuMemcpyHtoD");
}

CUresult CUDAAPI cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) {
  mock_need_context();
  memcpy(dst, mock_device_bytes(src, bytes), bytes);
  return mock_result("cuMemcpyDtoH");
}

CUresult CUDAAPI cuMemcpyDtoD(CUdeviceptr dst, CUdeviceptr src, size_t bytes) {
  mock_need_context();
  memmove(mock_device_bytes(dst, bytes), mock_device_bytes(src, bytes), bytes);
  return mock_result("cuMemcpyDtoD");
}

CUresult CUDAAPI cuCtxSynchronize(void) {
  mock_need_context();
  return mock_result("cuCtxSynchronize");
}

static float mock_load_f32(CUdeviceptr base, long long i) {
  float v;
  memcpy(&v, mock_device_bytes(base + (CUdeviceptr)(i * 4), 4), 4);
  return v;
}

static void mock_store_f32(CUdeviceptr base, long long i, float v) {
  memcpy(mock_device_bytes(base + (CUdeviceptr)(i * 4), 4), &v, 4);
}

CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned int gx, unsigned int gy, unsigned int gz,
                                unsigned int bx, unsigned int by, unsigned int bz,
                                unsigned int shmem, CUstream stream, void **params, void **extra) {
  mock_need_context();
  if (stream != NULL || extra != NULL) {
    mock_die("launches must use the default stream and no `extra`");
  }
  if (getenv("MOCK_CUDA_TRACE") != NULL) {
    fprintf(stderr, "mock cuda: launch %s grid=(%u,%u,%u) block=(%u,%u,%u) shmem=%u ptx=%s\n",
            f->name, gx, gy, gz, bx, by, bz, shmem, mock_module.first_line);
  }
  if (mock_should_fail("cuLaunchKernel")) {
    return CUDA_ERROR_LAUNCH_FAILED;
  }
  long long threads = (long long)gx * gy * gz * bx * by * bz;
  if (gy * gz * by * bz != 1) {
    return CUDA_SUCCESS; /* only 1-D launches are emulated */
  }
  if (strcmp(f->name, "vecadd") == 0) {
    CUdeviceptr a = *(CUdeviceptr *)params[0];
    CUdeviceptr b = *(CUdeviceptr *)params[1];
    CUdeviceptr c = *(CUdeviceptr *)params[2];
    int n = *(int32_t *)params[3];
    for (long long i = 0; i < threads; i++) {
      if (i < n) {
        mock_store_f32(c, i, mock_load_f32(a, i) + mock_load_f32(b, i));
      }
    }
  } else if (strcmp(f->name, "ex") == 0) {
    CUdeviceptr v = *(CUdeviceptr *)params[0];
    for (long long i = 0; i < threads; i++) {
      float x = mock_load_f32(v, i);
      mock_store_f32(v, i, x < 0.0f ? x / 2 : 0.0f);
    }
  } else if (strcmp(f->name, "dec2zero") == 0) {
    CUdeviceptr v = *(CUdeviceptr *)params[0];
    int n = *(int32_t *)params[1];
    for (long long i = 0; i < threads && i < n; i++) {
      int32_t x;
      memcpy(&x, mock_device_bytes(v + (CUdeviceptr)(i * 4), 4), 4);
      x = x > 0 ? 0 : x;
      memcpy(mock_device_bytes(v + (CUdeviceptr)(i * 4), 4), &x, 4);
    }
  } else if (strcmp(f->name, "fir") == 0) {
    CUdeviceptr samples = *(CUdeviceptr *)params[0];
    CUdeviceptr coeffs = *(CUdeviceptr *)params[1];
    int flen = *(int32_t *)params[2];
    CUdeviceptr results = *(CUdeviceptr *)params[3];
    for (unsigned int idx = 0; idx < bx; idx++) {
      float result = 0;
      for (int i = 0; i < flen; i++) {
        result += mock_load_f32(coeffs, i) * mock_load_f32(samples, (long long)idx + i);
      }
      mock_store_f32(results, idx, result);
    }
  } else if (strcmp(f->name, "saxpy") == 0) {
    int n = *(int32_t *)params[0];
    float alpha = *(float *)params[1];
    CUdeviceptr x = *(CUdeviceptr *)params[2];
    CUdeviceptr y = *(CUdeviceptr *)params[3];
    for (long long i = 0; i < threads; i++) {
      if (i < n) {
        mock_store_f32(y, i, alpha * mock_load_f32(x, i) + mock_load_f32(y, i));
      }
    }
  }
  return CUDA_SUCCESS;
}
