/// Where a value sits in an imported payload: the top-level element and the path of keys into
/// its nested objects (`owner.`, `tags[2].`), so errors can name both.
struct PayloadPlace {
    let index: Int
    private let prefix: String

    init(index: Int) {
        self.index = index
        prefix = ""
    }

    private init(index: Int, prefix: String) {
        self.index = index
        self.prefix = prefix
    }

    /// The place of the object under `key`.
    func nested(_ key: String) -> PayloadPlace {
        PayloadPlace(index: index, prefix: prefix + key + ".")
    }

    /// The place of element `position` of the array under `key`.
    func nested(_ key: String, position: Int) -> PayloadPlace {
        PayloadPlace(index: index, prefix: prefix + "\(key)[\(position)].")
    }

    /// An error about `key` of the object at this place.
    func error(_ kind: SyncError.Kind, _ message: String, key: String) -> SyncError {
        SyncError(kind, message, index: index, key: prefix + key)
    }
}
