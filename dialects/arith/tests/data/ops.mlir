// Every arith op in its pretty form, with flags in every spelling, discardable
// attributes and generic-form inputs. The .expected files are the verbatim
// output of mlir-opt 22 (--allow-unregistered-dialect [--mlir-print-op-generic]).
%a = "test.x"() : () -> i32
%b = "test.x"() : () -> i32
%i = "test.x"() : () -> index
%v = "test.x"() : () -> vector<4xi32>
%f = "test.x"() : () -> f32
%g = "test.x"() : () -> f32
%d = "test.x"() : () -> f64
%h = "test.x"() : () -> f16
%bf = "test.x"() : () -> bf16
%c = "test.x"() : () -> i1
%vf = "test.x"() : () -> vector<4xf32>
%vc = "test.x"() : () -> vector<4xi1>
%w = "test.x"() : () -> i64
%0 = arith.addi %a, %b : i32
%1 = arith.subi %0, %b : i32
%2 = arith.muli %1, %b : i32
%3 = arith.divsi %2, %b : i32
%4 = arith.divui %3, %b : i32
%5 = arith.ceildivsi %4, %b : i32
%6 = arith.floordivsi %5, %b : i32
%7 = arith.remsi %6, %b : i32
%8 = arith.remui %7, %b : i32
%9 = arith.shli %8, %b : i32
%10 = arith.shrsi %9, %b : i32
%11 = arith.shrui %10, %b : i32
%12 = arith.andi %11, %b : i32
%13 = arith.ori %12, %b : i32
%14 = arith.xori %13, %b : i32
%15 = arith.minsi %14, %b : i32
%16 = arith.maxsi %15, %b : i32
%17 = arith.minui %16, %b : i32
%18 = arith.maxui %17, %b : i32
%19 = arith.ceildivui %18, %b : i32
%20 = arith.addi %19, %b overflow<nsw> : i32
%21 = arith.addi %20, %b overflow<nuw> : i32
%22 = arith.addi %21, %b overflow<nsw, nuw> : i32
%23 = arith.subi %22, %b overflow<nuw, nsw> : i32
%24 = arith.muli %23, %b overflow<nsw> : i32
%25 = arith.shli %24, %b overflow<nsw, nuw> : i32
%26 = arith.addi %i, %i : index
%27 = arith.addi %v, %v : vector<4xi32>
%28 = arith.addi %a, %b overflow<none> : i32
%29:2 = arith.addui_extended %a, %b : i32, i1
%30:2 = arith.mului_extended %a, %b : i32
%31:2 = arith.mulsi_extended %a, %b : i32
%s, %o = arith.addui_extended %v, %v : vector<4xi32>, vector<4xi1>
%40 = arith.addf %f, %g : f32
%41 = arith.subf %40, %g : f32
%42 = arith.mulf %41, %g : f32
%43 = arith.divf %42, %g : f32
%44 = arith.remf %43, %g : f32
%45 = arith.negf %44 : f32
%46 = arith.maximumf %45, %g : f32
%47 = arith.minimumf %46, %g : f32
%48 = arith.maxnumf %47, %g : f32
%49 = arith.minnumf %48, %g : f32
%50 = arith.addf %49, %g fastmath<fast> : f32
%51 = arith.mulf %50, %g fastmath<nnan, ninf> : f32
%52 = arith.subf %51, %g fastmath<contract, nsz, reassoc> : f32
%53 = arith.negf %52 fastmath<afn> : f32
%54 = arith.divf %53, %g fastmath<none> : f32
%55 = arith.addf %54, %g fastmath<nnan,ninf,nsz,arcp,contract,afn,reassoc> : f32
%56 = arith.addf %d, %d : f64
%57 = arith.addf %h, %h : f16
%58 = arith.addf %bf, %bf : bf16
%59 = arith.addf %vf, %vf fastmath<arcp> : vector<4xf32>
%60 = arith.cmpi eq, %a, %b : i32
%61 = arith.cmpi ne, %a, %b : i32
%62 = arith.cmpi slt, %a, %b : i32
%63 = arith.cmpi sle, %a, %b : i32
%64 = arith.cmpi sgt, %a, %b : i32
%65 = arith.cmpi sge, %a, %b : i32
%66 = arith.cmpi ult, %a, %b : i32
%67 = arith.cmpi ule, %a, %b : i32
%68 = arith.cmpi ugt, %a, %b : i32
%69 = arith.cmpi uge, %i, %i : index
%70 = arith.cmpf false, %f, %g : f32
%71 = arith.cmpf oeq, %f, %g : f32
%72 = arith.cmpf ogt, %f, %g : f32
%73 = arith.cmpf oge, %f, %g : f32
%74 = arith.cmpf olt, %f, %g : f32
%75 = arith.cmpf ole, %f, %g : f32
%76 = arith.cmpf one, %f, %g : f32
%77 = arith.cmpf ord, %f, %g : f32
%78 = arith.cmpf ueq, %f, %g : f32
%79 = arith.cmpf ugt, %f, %g : f32
%80 = arith.cmpf uge, %f, %g : f32
%81 = arith.cmpf ult, %f, %g : f32
%82 = arith.cmpf ule, %f, %g : f32
%83 = arith.cmpf une, %f, %g : f32
%84 = arith.cmpf uno, %f, %g : f32
%85 = arith.cmpf true, %f, %g : f32
%86 = arith.cmpf olt, %f, %g fastmath<nnan> : f32
%87 = arith.cmpi "sle", %v, %v : vector<4xi32>
%88 = arith.select %60, %a, %b : i32
%89 = arith.select %c, %f, %g : f32
%90 = arith.select %vc, %vf, %vf : vector<4xi1>, vector<4xf32>
%91 = arith.select %c, %vf, %vf : vector<4xf32>
%100 = arith.extsi %a : i32 to i64
%101 = arith.extui %a : i32 to i64
%102 = arith.trunci %100 : i64 to i16
%103 = arith.sitofp %a : i32 to f32
%104 = arith.uitofp %a : i32 to f64
%105 = arith.fptosi %f : f32 to i32
%106 = arith.fptoui %d : f64 to i64
%107 = arith.extf %f : f32 to f64
%108 = arith.truncf %d : f64 to f32
%109 = arith.bitcast %f : f32 to i32
%110 = arith.bitcast %a : i32 to f32
%111 = arith.index_cast %a : i32 to index
%112 = arith.index_cast %i : index to i64
%113 = arith.index_castui %a : i32 to index
%114 = arith.index_castui %i : index to i32
%115 = arith.extui %c : i1 to i32
%116 = arith.trunci %a overflow<nsw> : i32 to i8
%117 = arith.truncf %d fastmath<fast> : f64 to f32
%118 = arith.extf %f fastmath<nnan> : f32 to f64
%119 = arith.truncf %d upward : f64 to f32
%120 = arith.truncf %d toward_zero fastmath<nnan,contract> : f64 to bf16
%121 = arith.extf %h : f16 to f32
%122 = arith.extsi %vc : vector<4xi1> to vector<4xi32>
%123 = arith.bitcast %v : vector<4xi32> to vector<4xf32>
%124 = arith.trunci %w overflow<nuw> : i64 to i32
%125 = arith.addi %a, %b overflow<nsw, nuw> {test.note = "kept"} : i32
%126 = arith.divsi %a, %b {x} : i32
%127 = arith.cmpf olt, %f, %g {bar = 1} : f32
%128 = arith.select %c, %a, %b {x} : i32
%129 = arith.extsi %a {y = 2 : i8} : i32 to i64
%130:2 = arith.mului_extended %a, %b {z} : i32
%131 = "arith.addi"(%a, %b) : (i32, i32) -> i32
%132 = "arith.addf"(%f, %g) <{fastmath = #arith.fastmath<nsz, reassoc>}> : (f32, f32) -> f32
%133 = "arith.addi"(%a, %b) <{overflowFlags = #arith.overflow< nuw , nsw >}> : (i32, i32) -> i32
%134 = "arith.cmpf"(%f, %g) <{predicate = 3 : i64}> : (f32, f32) -> i1
%135 = "arith.addf"(%f, %g) <{fastmath = #arith.fastmath<fast,nnan>}> : (f32, f32) -> f32
%136 = "arith.addf"(%f, %g) <{fastmath = #arith.fastmath<none,nnan>}> : (f32, f32) -> f32
%137 = "arith.trunci"(%w) : (i64) -> i32
%138 = arith.addi %a, %a overflow<nuw,nsw,nuw> : i32
%139 = arith.addf %f, %f fastmath<nnan,nnan> : f32
%140 = arith.addi %a, %a overflow<none, nsw> : i32
%141 = arith.cmpi "ult", %a, %b {y} : i32
%142 = arith.addi %a, %a {overflowFlags = #arith.overflow<nsw>} : i32
%143 = arith.addf %f, %f {fastmath = #arith.fastmath<nnan>} : f32
%144 = arith.truncf %d {roundingmode = 1 : i32} : f64 to f32
