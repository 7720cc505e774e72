import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive `flock` on `<store>.push-lock`, held by one server process at a time while it
/// applies a push, as one server process's ``ReplicationServer`` holds its push lock. The
/// kernel releases it when the holder dies, SIGKILL included.
struct PushLock {
    private let descriptor: Int32

    /// Waits for the lock and takes it.
    /// - Throws: when the lock file cannot be opened or locked.
    init(store: String) throws {
        descriptor = open(store + ".push-lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ProbeFailure("cannot open \(store).push-lock: errno \(errno)") }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw ProbeFailure("cannot lock \(store).push-lock: errno \(errno)")
            }
        }
    }

    /// Gives the lock up.
    func release() {
        close(descriptor)
    }
}
