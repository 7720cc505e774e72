import Foundation
import StrataCore
import StrataSync

/// One sync rule, checked against a fresh container of ``SyncCases/schema`` on any store.
public struct SyncCase: Sendable, CustomStringConvertible {
    /// A dotted name: `import.null.clears`, `reconcile.guard.emptyPage`.
    public let name: String
    let body: @Sendable (ModelContainer) async throws -> Void

    init(_ name: String, _ body: @escaping @Sendable (ModelContainer) async throws -> Void) {
        self.name = name
        self.body = body
    }

    /// The case's name, as test reports show it.
    public var description: String { name }

    /// Runs the case on `container`, which must be empty and hold ``SyncCases/schema``.
    /// - Throws: ``SyncCaseFailure`` when the rule does not hold, or the error the case met.
    public func run(in container: ModelContainer) async throws {
        try await body(container)
    }
}

/// A sync rule that did not hold.
public struct SyncCaseFailure: Error, CustomStringConvertible {
    /// What did not hold.
    public let description: String
}

/// Every sync case, and the schema they need.
public enum SyncCases {
    /// The models every case's container must hold.
    public static let schema: [any PersistentModel.Type] = [
        SyncUser.self, SyncTag.self, SyncNote.self, SyncProject.self, SyncTrip.self, SyncStop.self, SyncEmployee.self, SyncBoard.self, SyncTicket.self, SyncMisnamedTicket.self,
        SyncPost.self, SyncMisdatedPost.self,
    ]

    /// Import, export and reconcile cases, in a stable order.
    public static var all: [SyncCase] {
        keyCases + nestedKeyCases + identityCases + presenceCases + coercionCases + linkCases + nestedAndForeignKeyCases + pluralKeyCases + toManySetCases + rowCases + scopeCases + parentCases + relationshipOperationCases + updatedAtCases + optionCases + exportCases + nestedExportCases
            + errorCases + atomicityCases + reconcileCases + reconcileLinkCases + reconcileDeletionCases
    }
}

/// Fails the case with `message` unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw SyncCaseFailure(description: message()) }
}

/// Fails unless `body` throws a ``SyncError`` of `kind` naming `index` and `key`.
func checkError(_ kind: SyncError.Kind, index: Int?, key: String?, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as SyncError {
        try check(error.kind == kind && error.index == index && error.key == key, "expected \(kind) at \(index.map(String.init) ?? "-") \(key ?? "-"), got \(error.kind) at \(error.index.map(String.init) ?? "-") \(error.key ?? "-"): \(error)")
        return
    }
    throw SyncCaseFailure(description: "expected \(kind), nothing was thrown")
}

/// UTF-8 JSON.
func json(_ text: String) -> Data {
    Data(text.utf8)
}

/// Every model of `type` in `context`, sorted by `order`.
func fetched<Model: PersistentModel, Key: Comparable>(_: Model.Type, _ context: ModelContext, by order: (Model) -> Key) throws -> [Model] {
    try context.fetch(FetchDescriptor<Model>()).sorted { order($0) < order($1) }
}

/// How many models of `type` the store holds.
func count<Model: PersistentModel>(_: Model.Type, in container: ModelContainer) throws -> Int {
    try ModelContext(container).fetchCount(FetchDescriptor<Model>())
}

/// The user with remote id `id`, read in `context`.
func user(_ id: Int, _ context: ModelContext) throws -> SyncUser {
    guard let found = try fetched(SyncUser.self, context, by: \.remoteID).first(where: { $0.remoteID == id }) else {
        throw SyncCaseFailure(description: "no user \(id)")
    }
    return found
}

/// Imports `text` as `type` into `container` with a default importer.
@discardableResult
func load<Model: Syncable>(
    _ text: String, as type: Model.Type, into container: ModelContainer, parent: (any PersistentModel)? = nil, deletingMissing: Bool = false,
    relationships: SyncRelationshipOperations = .all
) throws -> SyncImportSummary {
    try SyncImporter(container: container).importJSON(json(text), as: type, parent: parent, deletingMissing: deletingMissing, relationships: relationships)
}
