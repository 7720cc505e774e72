import Foundation
import StrataCore

/// A large value kept with `.externalStorage`, declared before the attributes queries read.
@Model public final class Attachment {
    @Attribute(.externalStorage) public var payload: Data
    public var name: String
    public var size: Int

    public init(payload: Data, name: String) {
        self.payload = payload
        self.name = name
        self.size = payload.count
    }
}
