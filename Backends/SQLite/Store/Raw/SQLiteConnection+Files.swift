import Glibc

extension SQLiteConnection {
    /// Creates a missing database file readable and writable by its owner only, whatever the
    /// umask: SQLite would create it 0644 less the umask, then give its `-wal`, `-shm` and
    /// journal files the same mode. An existing file keeps its mode.
    ///
    /// Failures are left for `sqlite3_open_v2` to report, with its own result code.
    static func createPrivately(_ path: String) {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        _ = fchmod(descriptor, 0o600)
        _ = Glibc.close(descriptor)
    }

    /// A `file:` URI for `path` with `immutable=1`; every byte outside RFC 3986's unreserved set
    /// and `/` is percent-encoded, so no `?`, `#` or `%` in the path can add a parameter
    /// (<https://www.sqlite.org/uri.html>).
    static func immutableURI(_ path: String) -> String {
        let digits = Array("0123456789ABCDEF".unicodeScalars)
        let unreserved = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/".unicodeScalars
        // An absolute path gets an empty authority, so a path starting `//` is not read as a host.
        var uri = (path.hasPrefix("/") ? "file://" : "file:").unicodeScalars
        for byte in path.utf8 {
            let scalar = Unicode.Scalar(byte)
            if unreserved.contains(scalar) {
                uri.append(scalar)
            } else {
                uri.append(contentsOf: ["%", digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
            }
        }
        return String(uri) + "?immutable=1"
    }
}
