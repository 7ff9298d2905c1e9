import FamilyModel

/// libFuzzer entry point: any bytes must decode, parse and be read as a GEDCOM document
/// without a crash or a hang, and every problem must be formattable.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGEDCOM(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    let parsed = GEDCOMParser().parse(GEDCOMTextDecoder().decode(bytes).text)
    for problem in parsed.problems { _ = problem.description }
    let document = GEDCOMDocument(records: parsed.records)
    for warning in document.warnings { _ = warning.description }
    return 0
}
