#if canImport(Glibc)
import Glibc
#endif

/// The child side of `WorkerProcess`: reads items on stdin, one JSON line each, draws
/// them with `settings`, and answers each with its result on stdout. Ends at the end of
/// its input (the batch is done with it, or has gone).
public enum WorkerLoop {
    /// Runs until stdin ends; throws only when the painter cannot be set up.
    public static func run(settings: ItemSettings) throws {
        let renderer = try ItemRenderer(settings: settings)
        let input = LineReader(descriptor: 0)
        while let line = input.next() {
            guard !input.lastLineWasTooLong, let item = WorkerProtocol.decodeItem(line) else { continue }
            let bytes = WorkerProtocol.encode(renderer.render(item))
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, $0.count - offset) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }  // the batch has gone
                offset += n
            }
        }
    }
}
