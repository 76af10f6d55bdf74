func.func @f() {
  return `
}
