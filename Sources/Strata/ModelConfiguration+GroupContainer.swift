extension ModelConfiguration {
    /// Which app group's directory holds the store, as SwiftData spells it. Linux has no app
    /// groups: `.identifier(name)` keeps the store in `groups/<name>/` under the default
    /// directory (see ``ModelConfiguration/defaultStoreURL(name:)``), so processes naming the
    /// same group share it; `.automatic` and `.none` use the default directory itself.
    public struct GroupContainer: Hashable, Sendable, CustomStringConvertible {
        let choice: Choice

        /// The default directory (SwiftData: the first app group of the app's entitlements; Linux has none).
        public static var automatic: GroupContainer { GroupContainer(choice: .automatic) }
        /// The default directory, no group.
        public static var none: GroupContainer { GroupContainer(choice: .none) }

        /// The directory of the group named `groupName`: `groups/<groupName>/` under the default
        /// directory. The name must be one path component (no `/`, not `.` or `..`), or the
        /// container refuses the configuration.
        public static func identifier(_ groupName: String) -> GroupContainer {
            GroupContainer(choice: .named(groupName))
        }

        public var description: String { choice.spelled(factory: "identifier") }
    }
}
