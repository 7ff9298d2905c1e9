import FamilyModel
import Glibc
import Testing

@Suite struct AtomicFileTests {
    @Test func recognisesItsOwnTemporaries() {
        let temporary = AtomicFile(path: "/some/folder/chart.v2.png").temporaryPath()
        let name = String(temporary.split(separator: "/").last!)
        #expect(AtomicFile.writerProcess(ofTemporary: name) == getpid())
        #expect(AtomicFile.writerProcess(ofTemporary: "chart.png") == nil)
        #expect(AtomicFile.writerProcess(ofTemporary: ".hidden") == nil)
    }
}
