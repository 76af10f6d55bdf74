// symbol-dce: erase symbols nothing live refers to. The CHECK lines are
// mlir-opt 22.1.8's output for the same pipeline.
// RUN: lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(symbol-dce)' | FileCheck %s
// RUN: not lockstep-opt %s --allow-unregistered-dialect -p 'builtin.module(func.func(symbol-dce))' 2>&1 | FileCheck %s --check-prefix=ERR

// ERR: error: 'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table

// CHECK-LABEL: module {
// Public symbols are roots; what they refer to is live.
// CHECK-NEXT:    func.func @a() {
// CHECK-NEXT:      call @c() : () -> ()
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @c() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// A non-symbol op is a root too, references in attributes count.
// CHECK-NEXT:    "test.user"() {r = @d3} : () -> ()
// CHECK-NEXT:    func.func private @d3() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func @d() attributes {refs = [@e, {x = @inner2::@reached}]} {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @e() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// A public nested table keeps its public symbols only.
// CHECK-NEXT:    module @inner {
// CHECK-NEXT:      func.func @pub() {
// CHECK-NEXT:        return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// A private table is kept when something refers into it; public symbols
// of a live table are never discarded.
// CHECK-NEXT:    module @inner2 attributes {sym_visibility = "private"} {
// CHECK-NEXT:      func.func nested @reached() {
// CHECK-NEXT:        return
// CHECK-NEXT:      }
// CHECK-NEXT:      func.func @unreached() {
// CHECK-NEXT:        return
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module {
  func.func @a() {
    call @c() : () -> ()
    return
  }
  // Unused private and nested symbols go, declarations too.
  func.func private @b() {
    return
  }
  func.func private @c() {
    return
  }
  func.func nested @n() {
    return
  }
  func.func private @decl()
  // A private symbol referenced only by a dead one is dead.
  func.func private @d2() attributes {ref = @decl2} {
    return
  }
  func.func private @decl2()
  "test.user"() {r = @d3} : () -> ()
  func.func private @d3() {
    return
  }
  // Dead cycles go.
  func.func private @cyc1() {
    call @cyc2() : () -> ()
    return
  }
  func.func private @cyc2() {
    call @cyc1() : () -> ()
    return
  }
  func.func @d() attributes {refs = [@e, {x = @inner2::@reached}]} {
    return
  }
  func.func private @e() {
    return
  }
  module @inner {
    func.func @pub() {
      return
    }
    func.func private @priv() {
      return
    }
  }
  module @inner2 attributes {sym_visibility = "private"} {
    func.func nested @reached() {
      return
    }
    func.func @unreached() {
      return
    }
  }
  module @inner3 attributes {sym_visibility = "private"} {
    func.func @pub() {
      return
    }
  }
}
