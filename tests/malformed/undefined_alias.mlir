func.func @f(%a: !undefined_alias) {
  return
}
