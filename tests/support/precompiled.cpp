// An empty file: the object libraries that build the test programs' shared precompiled headers
// (ancients_test_pch_N, CMakeLists.txt, "Precompiled headers") compile it to have something to
// compile; the header itself is what they are for.
