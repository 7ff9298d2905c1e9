import FamilyModel

/// libFuzzer entry point: any bytes must give a graph or a typed error, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    do {
        let family = try FamilyImport(json: bytes, source: "<fuzz>")
        _ = family.graph.roots
    } catch {
        _ = error.description  // every message must be formattable
    }
    return 0
}
