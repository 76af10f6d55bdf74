// convert-device-to-ptx rejects unknown targets and must run on the module
// holding the device.module (it replaces it), not on the device.module.
// RUN: not lockstep-opt %s -p 'builtin.module(convert-device-to-ptx{sm=sm_52})' 2>&1 | FileCheck %s --check-prefix=SM
// RUN: not lockstep-opt %s -p 'builtin.module(device.module(convert-device-to-ptx))' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx{sm=sm_90})' | FileCheck %s --check-prefix=SM90

// SM: error: invalid options for pass 'convert-device-to-ptx': unknown PTX target 'sm_52' (expected one of sm_70, sm_75, sm_80, sm_86, sm_89, sm_90)
// ANCHOR: errors-options.mlir:[[@LINE+2]]:1: error: convert-device-to-ptx must run on the module holding the device.module, not on the device.module itself
// SM90: ptx.module @m attributes {target = "sm_90", version = "8.0"}
device.module @m {
  device.kernel @k() {
    device.return
  }
}
