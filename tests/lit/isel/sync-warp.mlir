// Instruction selection of barriers and warp operations: barrier is
// bar.sync 0; vote any/all are vote.sync.{any,all}.pred with the op's
// mask, ballot is vote.sync.ballot.b32;
// shuffles are shfl.sync.{idx,up,down,bfly}.b32 with the clamp operand
// ((32 - width) << 8) | 0x1f (| 0 for up), folded for a constant width and
// computed otherwise; f32 values go through mov.b32, 64-bit values are
// shuffled as two 32-bit halves.
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s

device.module @m {
  // CHECK-LABEL: ptx.entry @votes(i32, i64)
  // CHECK:      %[[M:.*]] = ptx.mov b32 -1 : i32
  // CHECK-NEXT: %[[T:.*]] = ptx.mov u32 %tid.x : i32
  // CHECK-NEXT: %[[P:.*]] = ptx.setp lt.s32 %[[T]]
  // CHECK-NEXT: ptx.bar sync 0
  // CHECK-NEXT: %[[ANY:.*]] = ptx.vote sync.any.pred %[[P]], %[[M]] : i1, i32 -> i1
  // CHECK-NEXT: %[[ALL:.*]] = ptx.vote sync.all.pred %[[P]], %[[M]] : i1, i32 -> i1
  // CHECK-NEXT: %[[BAL:.*]] = ptx.vote sync.ballot.b32 %[[P]], %[[M]] : i1, i32 -> i32
  device.kernel @votes(%a: i32, %p: !device.ptr<global>) {
    %mask = arith.constant -1 : i32
    %t = device.thread_id x : i32
    %c = arith.cmpi slt, %t, %a : i32
    device.barrier
    %any = device.vote any %mask, %c : i1
    %all = device.vote all %mask, %c : i1
    %bal = device.vote ballot %mask, %c : i32
    %both = arith.andi %any, %all : i1
    %bothi = arith.extui %both : i1 to i32
    %0 = arith.addi %bothi, %bal : i32
    device.store %0, %p : i32, !device.ptr<global>
    device.return
  }

  // CHECK-LABEL: ptx.entry @shuffles(i32, f32, i32, i64)
  // CHECK:      %[[V:.*]] = ptx.ld param.u32 [param 0] : i32
  // CHECK-NEXT: %[[F:.*]] = ptx.ld param.f32 [param 1] : f32
  // CHECK-NEXT: %[[W:.*]] = ptx.ld param.u32 [param 2] : i32
  // CHECK:      %[[M:.*]] = ptx.mov b32 -1 : i32
  // CHECK-NEXT: %[[L:.*]] = ptx.mov b32 3 : i32
  // CHECK-NEXT: %[[C1:.*]] = ptx.mov b32 31 : i32
  // CHECK-NEXT: %[[S1:.*]] = ptx.shfl sync.idx.b32 %[[V]], %[[L]], %[[C1]], %[[M]] : i32
  // CHECK-NEXT: %[[C2:.*]] = ptx.mov b32 4096 : i32
  // CHECK-NEXT: %[[S2:.*]] = ptx.shfl sync.up.b32 %[[S1]], %[[L]], %[[C2]], %[[M]] : i32
  // CHECK-NEXT: %[[C3:.*]] = ptx.mov b32 4127 : i32
  // CHECK-NEXT: %[[S3:.*]] = ptx.shfl sync.down.b32 %[[S2]], %[[L]], %[[C3]], %[[M]] : i32
  // Width in a register: ((32 - w) << 8) | 0x1f.
  // CHECK-NEXT: %[[K32:.*]] = ptx.mov b32 32 : i32
  // CHECK-NEXT: %[[REST:.*]] = ptx.sub s32 %[[K32]], %[[W]] : i32
  // CHECK-NEXT: %[[K8:.*]] = ptx.mov b32 8 : i32
  // CHECK-NEXT: %[[HI:.*]] = ptx.shl b32 %[[REST]], %[[K8]] : i32
  // CHECK-NEXT: %[[K31:.*]] = ptx.mov b32 31 : i32
  // CHECK-NEXT: %[[C4:.*]] = ptx.or b32 %[[HI]], %[[K31]] : i32
  // CHECK-NEXT: %[[S4:.*]] = ptx.shfl sync.bfly.b32 %[[S3]], %[[L]], %[[C4]], %[[M]] : i32
  // f32 through its bits.
  // CHECK-NEXT: %[[C5:.*]] = ptx.mov b32 31 : i32
  // CHECK-NEXT: %[[FB:.*]] = ptx.mov b32 %[[F]] : f32 -> i32
  // CHECK-NEXT: %[[FS:.*]] = ptx.shfl sync.down.b32 %[[FB]], %[[L]], %[[C5]], %[[M]] : i32
  // CHECK-NEXT: %[[FR:.*]] = ptx.mov b32 %[[FS]] : i32 -> f32
  device.kernel @shuffles(%v: i32, %f: f32, %w: i32, %p: !device.ptr<global>) {
    %mask = arith.constant -1 : i32
    %lane = arith.constant 3 : i32
    %c32 = arith.constant 32 : i32
    %c16 = arith.constant 16 : i32
    %0 = device.shuffle idx %mask, %v, %lane, %c32 : i32
    %1 = device.shuffle up %mask, %0, %lane, %c16 : i32
    %2 = device.shuffle down %mask, %1, %lane, %c16 : i32
    %3 = device.shuffle xor %mask, %2, %lane, %w : i32
    %4 = device.shuffle down %mask, %f, %lane, %c32 : f32
    device.store %3, %p : i32, !device.ptr<global>
    device.store %4, %p : f32, !device.ptr<global>
    device.return
  }

  // 64-bit values: split into halves, shuffle each, join.
  // CHECK-LABEL: ptx.entry @shuffle64(i64, f64, i64)
  // CHECK:      %[[X:.*]] = ptx.ld param.u64 [param 0] : i64
  // CHECK-NEXT: %[[D:.*]] = ptx.ld param.f64 [param 1] : f64
  // CHECK:      %[[CL:.*]] = ptx.mov b32 31 : i32
  // CHECK-NEXT: %[[K:.*]] = ptx.mov b32 32 : i32
  // CHECK-NEXT: %[[LO:.*]] = ptx.cvt u32.u64 %[[X]] : i64 -> i32
  // CHECK-NEXT: %[[H64:.*]] = ptx.shr u64 %[[X]], %[[K]] : i64, i32 -> i64
  // CHECK-NEXT: %[[HI:.*]] = ptx.cvt u32.u64 %[[H64]] : i64 -> i32
  // CHECK-NEXT: %[[LO2:.*]] = ptx.shfl sync.idx.b32 %[[LO]], %{{.*}}, %[[CL]], %{{.*}} : i32
  // CHECK-NEXT: %[[HI2:.*]] = ptx.shfl sync.idx.b32 %[[HI]], %{{.*}}, %[[CL]], %{{.*}} : i32
  // CHECK-NEXT: %[[LOW:.*]] = ptx.cvt u64.u32 %[[LO2]] : i32 -> i64
  // CHECK-NEXT: %[[HIW:.*]] = ptx.cvt u64.u32 %[[HI2]] : i32 -> i64
  // CHECK-NEXT: %[[HIS:.*]] = ptx.shl b64 %[[HIW]], %[[K]] : i64, i32 -> i64
  // CHECK-NEXT: %[[J:.*]] = ptx.or b64 %[[HIS]], %[[LOW]] : i64
  // CHECK:      %[[DB:.*]] = ptx.mov b64 %[[D]] : f64 -> i64
  // CHECK:      %[[DJ:.*]] = ptx.or b64
  // CHECK-NEXT: %[[DR:.*]] = ptx.mov b64 %[[DJ]] : i64 -> f64
  device.kernel @shuffle64(%x: i64, %d: f64, %p: !device.ptr<global>) {
    %mask = arith.constant -1 : i32
    %lane = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %0 = device.shuffle idx %mask, %x, %lane, %c32 : i64
    %1 = device.shuffle idx %mask, %d, %lane, %c32 : f64
    device.store %0, %p : i64, !device.ptr<global>
    device.store %1, %p : f64, !device.ptr<global>
    device.return
  }
}
