#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on a new detached thread with a stack of `stackSize` bytes (a batch job's
/// thread); on the calling thread when the system will not start one.
func startThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    final class Work: @unchecked Sendable {  // handed from this thread to the new one, once
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let work = Unmanaged.passRetained(Work(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let started = pthread_create(&thread, &attributes, { raw in
        Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().body()
        return nil
    }, work)
    if started != 0 { Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body() }
}
