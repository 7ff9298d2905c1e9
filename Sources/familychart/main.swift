import FamilyChartCLI
import FamilyPainter

#if canImport(Glibc)
import Glibc
#endif

MemoryTuning.keepFreedMemory()
exit(FamilyChartCLI.run(Array(CommandLine.arguments.dropFirst())))
