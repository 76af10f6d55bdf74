// RUN: not lockstepc %S/Inputs/empty.cu 2>&1 | FileCheck %s
// CHECK: empty.cu:1:1: error: empty translation unit
