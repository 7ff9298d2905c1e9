internal import CCairo

/// Process-wide allocator settings for commands that draw large charts.
public enum MemoryTuning {
    /// Keeps freed memory in the process instead of returning it to the kernel at once.
    ///
    /// A chart of 100,000 persons builds and frees large buffers many times over (the
    /// document, paths and glyph runs, Cairo's output streams). glibc's defaults hand
    /// big blocks back at once and take them again as fresh zeroed pages, which cost about
    /// a sixth of a large PDF's time. Right for a short-lived command; a long-running
    /// process that draws one huge chart and then idles may prefer the defaults.
    public static func keepFreedMemory() {
        mallopt(M_MMAP_THRESHOLD, 32 << 20)
        mallopt(M_TRIM_THRESHOLD, 512 << 20)
        mallopt(M_TOP_PAD, 64 << 20)
    }

    /// Hands the memory freed so far back to the kernel (`malloc_trim`): for a command
    /// about to make one large buffer after letting go of many small ones, whose pages
    /// would otherwise count twice toward its peak.
    public static func releaseFreedMemory() {
        malloc_trim(0)
    }
}
