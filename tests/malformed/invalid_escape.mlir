"foo.op"() {s = "bad \q escape"} : () -> ()
