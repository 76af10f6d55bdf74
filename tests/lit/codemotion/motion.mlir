// lcm: loop-invariant code leaves a loop through its preheader (a chain
// muli -> extui -> muli -> ptradd moves one link per round; the load stays,
// as the loop stores through another argument that may alias it), partial
// redundancy at a join whose predecessor edge is critical (a new block
// receives the computation), and a device.func.
// RUN: lockstep-opt %s -p 'builtin.module(device.module(device.kernel(lcm),device.func(lcm)))' | FileCheck %s
// RUN: not lockstep-opt %s -p 'builtin.module(lcm)' 2>&1 | FileCheck %s --check-prefix=ANCHOR
// RUN: not lockstep-opt %s -p 'builtin.module(device.module(device.kernel(lcm{max-rounds=x})))' 2>&1 | FileCheck %s --check-prefix=OPTION
// ANCHOR: error: 'lcm' runs on 'device.kernel' and 'device.func', not on 'builtin.module'
// OPTION: invalid options for pass 'lcm': 'x' value invalid for uint argument 'max-rounds'

device.module @m {
  device.kernel @licm(%a: i32, %b: i32, %n: i32, %p: !device.ptr<global>, %out: !device.ptr<global>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i64
    cf.br ^bb1
  ^bb1:
    cf.br ^bb2(%c0 : i32)
  ^bb2(%i: i32):
    %m = arith.muli %a, %b : i32
    %w = arith.extui %m : i32 to i64
    %o = arith.muli %w, %c4 : i64
    %q = device.ptradd %p, %o : !device.ptr<global>, i64
    %v = device.load %q : !device.ptr<global> -> i32
    %s = arith.addi %i, %v : i32
    device.store %s, %out : i32, !device.ptr<global>
    %i2 = arith.addi %i, %c1 : i32
    %c = arith.cmpi slt, %i2, %n : i32
    cf.cond_br %c, ^bb2(%i2 : i32), ^bb3
  ^bb3:
    device.return
  }
  // The join's predecessor ^bb0 branches twice: the edge ^bb0 -> ^bb2 is
  // critical and receives the computation in a new block.
  device.kernel @join(%a: i32, %b: i32, %c: i1, %out: !device.ptr<global>) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.subi %a, %b : i32
    device.store %x, %out : i32, !device.ptr<global>
    cf.br ^bb2
  ^bb2:
    %y = arith.subi %a, %b : i32
    device.store %y, %out : i32, !device.ptr<global>
    device.return
  }
  // Device functions are anchors too.
  device.func @func(%a: i32, %b: i32, %c: i1) -> i32 {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = arith.xori %a, %b : i32
    cf.br ^bb3(%x : i32)
  ^bb2:
    cf.br ^bb3(%a : i32)
  ^bb3(%r: i32):
    %y = arith.xori %a, %b : i32
    %z = arith.addi %r, %y : i32
    device.return %z : i32
  }
}

// CHECK-LABEL: device.kernel @licm(%arg0: i32, %arg1: i32, %arg2: i32, %arg3: !device.ptr<global>, %arg4: !device.ptr<global>) {
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c4_i64 = arith.constant 4 : i64
// CHECK-NEXT: cf.br ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.extui %0 : i32 to i64
// CHECK-NEXT: %2 = arith.muli %1, %c4_i64 : i64
// CHECK-NEXT: %3 = device.ptradd %arg3, %2 : !device.ptr<global>, i64
// CHECK-NEXT: cf.br ^bb2(%c0_i32 : i32)
// CHECK-NEXT: ^bb2(%4: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %5 = device.load %3 : !device.ptr<global> -> i32
// CHECK-NEXT: %6 = arith.addi %4, %5 : i32
// CHECK-NEXT: device.store %6, %arg4 : i32, !device.ptr<global>
// CHECK-NEXT: %7 = arith.addi %4, %c1_i32 : i32
// CHECK-NEXT: %8 = arith.cmpi slt, %7, %arg2 : i32
// CHECK-NEXT: cf.cond_br %8, ^bb2(%7 : i32), ^bb3
// CHECK-NEXT: ^bb3:  // pred: ^bb2
// CHECK-NEXT: device.return
// CHECK-LABEL: device.kernel @join(%arg0: i32, %arg1: i32, %arg2: i1, %arg3: !device.ptr<global>) {
// CHECK-NEXT: cf.cond_br %arg2, ^bb2, ^bb1
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: cf.br ^bb3(%0 : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %1 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: device.store %1, %arg3 : i32, !device.ptr<global>
// CHECK-NEXT: cf.br ^bb3(%1 : i32)
// CHECK-NEXT: ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: device.store %2, %arg3 : i32, !device.ptr<global>
// CHECK-NEXT: device.return
// CHECK-LABEL: device.func @func(%arg0: i32, %arg1: i32, %arg2: i1) -> i32 {
// CHECK-NEXT: cf.cond_br %arg2, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: %0 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: cf.br ^bb3(%0, %0 : i32, i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: %1 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: cf.br ^bb3(%arg0, %1 : i32, i32)
// CHECK-NEXT: ^bb3(%2: i32, %3: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %4 = arith.addi %2, %3 : i32
// CHECK-NEXT: device.return %4 : i32
