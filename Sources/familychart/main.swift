import FamilyChartCLI

#if canImport(Glibc)
import Glibc
#endif

exit(FamilyChartCLI.run(Array(CommandLine.arguments.dropFirst())))
