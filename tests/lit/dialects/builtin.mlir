// builtin dialect: builtin.module in its pretty forms (named, with an
// attribute dictionary, nested, empty, spelled `builtin.module`), the implicit
// top-level module around non-module ops, an explicit top-level module that is
// not wrapped again, and an empty input. Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s --split-input-file | FileCheck %s
// RUN: lockstep-opt %s --split-input-file --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %mlir-opt %s --split-input-file | FileCheck %s
// RUN: %mlir-opt %s --split-input-file --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK:      {{^}}module @outer attributes {test.flag, test.level = 2 : i32} {
// CHECK-NEXT:   module @inner {
// CHECK-NEXT:     func.func private @f()
// CHECK-NEXT:   }
// CHECK-NEXT:   module {
// CHECK-NEXT:   }
// CHECK-NEXT:   module attributes {test.x = "y"} {
// CHECK-NEXT:     module @deep {
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   module @spelled {
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}

// GENERIC:      {{^}}"builtin.module"() <{sym_name = "outer"}> ({
// GENERIC-NEXT:   "builtin.module"() <{sym_name = "inner"}> ({
// GENERIC-NEXT:     "func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "private"}> ({
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "builtin.module"() ({
// GENERIC-NEXT:   ^bb0:
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "builtin.module"() ({
// GENERIC-NEXT:     "builtin.module"() <{sym_name = "deep"}> ({
// GENERIC-NEXT:     ^bb0:
// GENERIC-NEXT:     }) : () -> ()
// GENERIC-NEXT:   }) {test.x = "y"} : () -> ()
// GENERIC-NEXT:   "builtin.module"() <{sym_name = "spelled"}> ({
// GENERIC-NEXT:   ^bb0:
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) {test.flag, test.level = 2 : i32} : () -> ()
// GENERIC-EMPTY:
// GENERIC-NEXT: {{^}}//{{ }}-----{{$}}
module @outer attributes {test.flag, test.level = 2 : i32} {
  module @inner {
    func.func private @f()
  }
  module {
  }
  module attributes {test.x = "y"} {
    module @deep {
    }
  }
  builtin.module @spelled {
  }
}

// -----

// Two top-level ops: both go into one implicit module.
// CHECK-NEXT: {{^}}module {
// CHECK-NEXT:   func.func private @a()
// CHECK-NEXT:   module @m {
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}//{{ }}-----{{$}}

// GENERIC-NEXT: {{^}}"builtin.module"() ({
// GENERIC-NEXT:   "func.func"() <{function_type = () -> (), sym_name = "a", sym_visibility = "private"}> ({
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT:   "builtin.module"() <{sym_name = "m"}> ({
// GENERIC-NEXT:   ^bb0:
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-EMPTY:
// GENERIC-NEXT: {{^}}//{{ }}-----{{$}}
func.func private @a()
module @m {
}

// -----

// An empty input is an empty implicit module.
// CHECK-NEXT: {{^}}module {
// CHECK-NEXT: {{^}}}
// CHECK-EMPTY:
// CHECK-NOT: {{.}}

// GENERIC-NEXT: {{^}}"builtin.module"() ({
// GENERIC-NEXT: {{^}}^bb0:
// GENERIC-NEXT: {{^}}}) : () -> ()
// GENERIC-EMPTY:
// GENERIC-NOT: {{.}}
