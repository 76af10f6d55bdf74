// RUN: printf '\177ELF\001\000\000\001' > %t.cu
// RUN: not lockstepc %t.cu 2>&1 | FileCheck %s
// CHECK: error: invalid character U+0000 (is this a binary file?)
