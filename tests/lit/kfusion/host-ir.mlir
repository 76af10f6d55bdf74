// kf-trad and kfcm on host IR through lockstep-opt. Three element-wise
// kernels launched back to back in a host loop fuse into one launch of
// @fused_scale_offset_square (a chain of fusions), inside the loop. The
// buffers come in as function arguments, so the host cannot tell them apart:
// every pair is taken to alias, which the thread-local index still allows,
// and no parameter of the fused kernel is marked restrict.
// RUN: lockstep-opt %s --pass-pipeline='builtin.module(kf-trad)' --remarks=kf-trad 2>&1 | FileCheck %s --check-prefixes=CHECK,TRAD
// RUN: lockstep-opt %s --pass-pipeline='builtin.module(kfcm)' --remarks=kfcm 2>&1 | FileCheck %s --check-prefixes=CHECK,KFCM
// RUN: lockstep-opt %s --pass-pipeline='builtin.module(kfcm)' | lockstep-opt --pass-pipeline='builtin.module(kfcm)' | FileCheck %s --check-prefix=AGAIN

// TRAD: host-ir.mlir:{{[0-9]+}}:3: remark: [kf-trad] fused @scale (line {{[0-9]+}}:3) and @offset (line {{[0-9]+}}:3) into @fused_scale_offset (every dependence is thread-local)
// TRAD: host-ir.mlir:{{[0-9]+}}:3: remark: [kf-trad] fused @fused_scale_offset (line {{[0-9]+}}:3) and @square (line {{[0-9]+}}:3) into @fused_scale_offset_square (every dependence is thread-local)
// kfcm starts with the same adjacent fusions, and then finds nothing to move.
// KFCM: host-ir.mlir:{{[0-9]+}}:3: remark: [kfcm] fused @scale (line {{[0-9]+}}:3) and @offset (line {{[0-9]+}}:3) into @fused_scale_offset (every dependence is thread-local){{$}}
// KFCM: host-ir.mlir:{{[0-9]+}}:3: remark: [kfcm] fused @fused_scale_offset (line {{[0-9]+}}:3) and @square (line {{[0-9]+}}:3) into @fused_scale_offset_square (every dependence is thread-local){{$}}
// The intermediate @fused_scale_offset, fused again, is dropped.
// CHECK-NOT: device.kernel @fused_scale_offset(
// CHECK: device.kernel @fused_scale_offset_square(%arg0: !device.ptr<global>, %arg1: i32, %arg2: i32)
// CHECK: ^bb1(%{{.*}}: i32):
// CHECK: host.launch @kernels::@fused_scale_offset_square blocks in (%c4_i32, %c1_i32, %c1_i32) threads in (%c64_i32, %c1_i32, %c1_i32) : i32 dynamic_shared_memory_size %c0_i32 args(%arg0 : !device.ptr<global>, %arg1 : i32, %0 : i32)
// CHECK-NEXT: host.printf
// CHECK-NEXT: arith.addi
// CHECK-NOT: host.launch
// CHECK: return

// A second run finds nothing more to fuse.
// AGAIN: func.func @run
// AGAIN-NOT: host.launch @kernels::@{{scale|offset|square}}
// AGAIN: host.launch @kernels::@fused_scale_offset_square
// AGAIN-NOT: host.launch

device.module @kernels {
  device.kernel @scale(%a: !device.ptr<global>, %n: i32) {
    %tid = device.thread_id x : i32
    %bid = device.block_id x : i32
    %bdim = device.block_dim x : i32
    %base = arith.muli %bid, %bdim : i32
    %i = arith.addi %base, %tid : i32
    %in = arith.cmpi slt, %i, %n : i32
    cf.cond_br %in, ^body, ^done
  ^body:
    %i64 = arith.extsi %i : i32 to i64
    %c4 = arith.constant 4 : i64
    %off = arith.muli %i64, %c4 : i64
    %p = device.ptradd %a, %off : !device.ptr<global>, i64
    %x = device.load %p : !device.ptr<global> -> i32
    %c3 = arith.constant 3 : i32
    %y = arith.muli %x, %c3 : i32
    device.store %y, %p : i32, !device.ptr<global>
    cf.br ^done
  ^done:
    device.return
  }
  device.kernel @offset(%a: !device.ptr<global>, %n: i32, %k: i32) {
    %tid = device.thread_id x : i32
    %bid = device.block_id x : i32
    %bdim = device.block_dim x : i32
    %base = arith.muli %bid, %bdim : i32
    %i = arith.addi %base, %tid : i32
    %in = arith.cmpi slt, %i, %n : i32
    cf.cond_br %in, ^body, ^done
  ^body:
    %i64 = arith.extsi %i : i32 to i64
    %c4 = arith.constant 4 : i64
    %off = arith.muli %i64, %c4 : i64
    %p = device.ptradd %a, %off : !device.ptr<global>, i64
    %x = device.load %p : !device.ptr<global> -> i32
    %y = arith.addi %x, %k : i32
    device.store %y, %p : i32, !device.ptr<global>
    cf.br ^done
  ^done:
    device.return
  }
  device.kernel @square(%a: !device.ptr<global>, %n: i32) {
    %tid = device.thread_id x : i32
    %bid = device.block_id x : i32
    %bdim = device.block_dim x : i32
    %base = arith.muli %bid, %bdim : i32
    %i = arith.addi %base, %tid : i32
    %in = arith.cmpi slt, %i, %n : i32
    cf.cond_br %in, ^body, ^done
  ^body:
    %i64 = arith.extsi %i : i32 to i64
    %c4 = arith.constant 4 : i64
    %off = arith.muli %i64, %c4 : i64
    %p = device.ptradd %a, %off : !device.ptr<global>, i64
    %x = device.load %p : !device.ptr<global> -> i32
    %y = arith.muli %x, %x : i32
    device.store %y, %p : i32, !device.ptr<global>
    cf.br ^done
  ^done:
    device.return
  }
}
func.func @run(%d: !device.ptr<global>, %n: i32, %steps: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c64 = arith.constant 64 : i32
  cf.br ^loop(%c0 : i32)
^loop(%s: i32):
  %more = arith.cmpi slt, %s, %steps : i32
  cf.cond_br %more, ^body, ^exit
^body:
  host.launch @kernels::@scale blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) : i32 dynamic_shared_memory_size %c0 args(%d : !device.ptr<global>, %n : i32)
  host.launch @kernels::@offset blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) : i32 dynamic_shared_memory_size %c0 args(%d : !device.ptr<global>, %n : i32, %s : i32)
  host.printf "step %d\n", %s : i32
  host.launch @kernels::@square blocks in (%c4, %c1, %c1) threads in (%c64, %c1, %c1) : i32 dynamic_shared_memory_size %c0 args(%d : !device.ptr<global>, %n : i32)
  %next = arith.addi %s, %c1 : i32
  cf.br ^loop(%next : i32)
^exit:
  host.synchronize
  return
}
