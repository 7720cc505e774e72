extension ModelConfiguration {
    /// Which CloudKit database the store syncs with, as SwiftData spells it. Linux has no
    /// CloudKit: `.none` and `.automatic` keep the store local (SwiftData's `.automatic` syncs
    /// only when the app has iCloud entitlements, which a Linux process never has), and
    /// `.private(_:)`, an explicit request for sync, makes the container refuse the configuration.
    public struct CloudKitDatabase: Hashable, Sendable, CustomStringConvertible {
        let choice: Choice

        /// Sync with the entitlements' container when there is one: on Linux, no sync.
        public static var automatic: CloudKitDatabase { CloudKitDatabase(choice: .automatic) }
        /// No sync.
        public static var none: CloudKitDatabase { CloudKitDatabase(choice: .none) }

        /// Sync with the private database of the iCloud container `privateDBName`; a container
        /// over this configuration throws ``SwiftDataError/unsupportedConfiguration`` on Linux.
        public static func `private`(_ privateDBName: String) -> CloudKitDatabase {
            CloudKitDatabase(choice: .named(privateDBName))
        }

        public var description: String { choice.spelled(factory: "private") }
    }
}
