import Foundation

extension FileManager {
    /// Removes the item at `url`; one that is already gone (SQLite removes a database's `-shm`
    /// and `-wal` files as its last connection closes) counts as removed.
    /// - Throws: the file system's error for anything else.
    func removeItemIfPresent(at url: URL) throws {
        do {
            try removeItem(at: url)
        } catch CocoaError.fileNoSuchFile {
        } catch let error as NSError where error.domain == NSPOSIXErrorDomain && error.code == Int(ENOENT) {
        }
    }
}
