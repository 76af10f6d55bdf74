// Instruction selection of the special values: thread_id, block_id,
// block_dim and grid_dim along x/y/z are mov.u32 from %tid, %ctaid, %ntid
// and %nctaid; lane_id reads %laneid; warp_size is the constant 32.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // CHECK-LABEL: ptx.entry @k(i64)
  // CHECK:      ptx.mov u32 %tid.x : i32
  // CHECK-NEXT: ptx.mov u32 %tid.y : i32
  // CHECK-NEXT: ptx.mov u32 %tid.z : i32
  // CHECK-NEXT: ptx.mov u32 %ctaid.x : i32
  // CHECK-NEXT: ptx.mov u32 %ctaid.y : i32
  // CHECK-NEXT: ptx.mov u32 %ctaid.z : i32
  // CHECK-NEXT: ptx.mov u32 %ntid.x : i32
  // CHECK-NEXT: ptx.mov u32 %ntid.y : i32
  // CHECK-NEXT: ptx.mov u32 %ntid.z : i32
  // CHECK-NEXT: ptx.mov u32 %nctaid.x : i32
  // CHECK-NEXT: ptx.mov u32 %nctaid.y : i32
  // CHECK-NEXT: ptx.mov u32 %nctaid.z : i32
  // CHECK-NEXT: ptx.mov u32 %laneid : i32
  // CHECK-NEXT: ptx.mov b32 32 : i32
  device.kernel @k(%p: !device.ptr<global>) {
    %0 = device.thread_id x : i32
    %1 = device.thread_id y : i32
    %2 = device.thread_id z : i32
    %3 = device.block_id x : i32
    %4 = device.block_id y : i32
    %5 = device.block_id z : i32
    %6 = device.block_dim x : i32
    %7 = device.block_dim y : i32
    %8 = device.block_dim z : i32
    %9 = device.grid_dim x : i32
    %10 = device.grid_dim y : i32
    %11 = device.grid_dim z : i32
    %12 = device.lane_id : i32
    %13 = device.warp_size : i32
    %s0 = arith.xori %0, %1 : i32
    %s1 = arith.xori %s0, %2 : i32
    %s2 = arith.xori %s1, %3 : i32
    %s3 = arith.xori %s2, %4 : i32
    %s4 = arith.xori %s3, %5 : i32
    %s5 = arith.xori %s4, %6 : i32
    %s6 = arith.xori %s5, %7 : i32
    %s7 = arith.xori %s6, %8 : i32
    %s8 = arith.xori %s7, %9 : i32
    %s9 = arith.xori %s8, %10 : i32
    %s10 = arith.xori %s9, %11 : i32
    %s11 = arith.xori %s10, %12 : i32
    %s12 = arith.xori %s11, %13 : i32
    device.store %s12, %p : i32, !device.ptr<global>
    device.return
  }
}
