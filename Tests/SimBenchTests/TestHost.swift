/// What the host running the tests offers: some tests read Linux's own files (`/proc`), which
/// macOS lacks; those tests run where they are, and say so where they are not.
enum TestHost {
    static let isLinux: Bool = {
        #if os(Linux)
            true
        #else
            false
        #endif
    }()
}
