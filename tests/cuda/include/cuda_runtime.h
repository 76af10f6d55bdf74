// Stand-in for the CUDA SDK's <cuda_runtime.h> in lockstep's clang peer check.
// Everything the examples need comes from tests/cuda/prelude.h, which the
// check passes with -include; this file only lets `#include` resolve.
#pragma once
