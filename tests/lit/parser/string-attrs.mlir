// Parser, string attributes: escapes `\"`, `\\`, `\n`, `\t`, two-digit hex
// `\41` (either case), NUL and control bytes, UTF-8 text, empty strings;
// printed with `"` as \22, `\` as \\, non-printable and non-ASCII bytes as
// two uppercase hex digits. Strings in symbol names and dictionary keys too.
// Expected text is mlir-opt 22's.
// RUN: lockstep-opt %s --allow-unregistered-dialect | FileCheck %s
// RUN: lockstep-opt %s --allow-unregistered-dialect | lockstep-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %mlir-opt %s --allow-unregistered-dialect | FileCheck %s

// CHECK-LABEL: func.func @f() {
func.func @f() {
  // CHECK-NEXT: "test.attr"() {v = "plain text"} : () -> ()
  "test.attr"() {v = "plain text"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = ""} : () -> ()
  "test.attr"() {v = ""} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "q\22uote"} : () -> ()
  "test.attr"() {v = "q\"uote"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "back\\slash"} : () -> ()
  "test.attr"() {v = "back\\slash"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "nl\0A"} : () -> ()
  "test.attr"() {v = "nl\n"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "tab\09"} : () -> ()
  "test.attr"() {v = "tab\t"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "hexA~"} : () -> ()
  "test.attr"() {v = "hex\41\7e"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "nul\00end"} : () -> ()
  "test.attr"() {v = "nul\00end"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "\0A\0A"} : () -> ()
  "test.attr"() {v = "\0A\0a"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "del\7F"} : () -> ()
  "test.attr"() {v = "del\7F"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "ctl\01\1F"} : () -> ()
  "test.attr"() {v = "ctl\01\1F"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "utf8 \C3\A9 \E2\9C\93"} : () -> ()
  "test.attr"() {v = "utf8 é ✓"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = "{braces} [brackets] <angles> // not a comment"} : () -> ()
  "test.attr"() {v = "{braces} [brackets] <angles> // not a comment"} : () -> ()
  // CHECK-NEXT: "test.attr"() {"k\22q" = 2 : i32, "quoted key" = 1 : i32} : () -> ()
  "test.attr"() {"quoted key" = 1 : i32, "k\"q" = 2 : i32} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = @"sym with spaces"} : () -> ()
  "test.attr"() {v = @"sym with spaces"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = @"sym\22q"} : () -> ()
  "test.attr"() {v = @"sym\"q"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = @Abc} : () -> ()
  "test.attr"() {v = @"\41bc"} : () -> ()
  // CHECK-NEXT: "test.attr"() {v = @plain::@"nested sym"} : () -> ()
  "test.attr"() {v = @plain::@"nested sym"} : () -> ()
  // CHECK-NEXT: return
  return
}
