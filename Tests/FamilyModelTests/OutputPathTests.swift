@testable import FamilyModel
import Testing

/// Paths that name an open descriptor are written through it, never replaced.
@Suite struct OutputPathTests {
    @Test func descriptorPathsAreRecognised() {
        #expect(OutputTarget.descriptor(named: "/dev/stdout") == 1)
        #expect(OutputTarget.descriptor(named: "/dev/stderr") == 2)
        #expect(OutputTarget.descriptor(named: "/dev/fd/1") == 1)
        #expect(OutputTarget.descriptor(named: "/proc/self/fd/2") == 2)
        #expect(OutputTarget.descriptor(named: "/proc/thread-self/fd/1") == 1)
        #expect(OutputTarget.descriptor(named: "/dev/fd/987654") == nil, "a descriptor that is not open")
        #expect(OutputTarget.descriptor(named: "/dev/null") == nil)
        #expect(OutputTarget.descriptor(named: "/dev/fdx/1") == nil)
    }
}
