import Foundation
import Strata
import StrataConformance
import Testing

/// `ModelConfiguration`'s store against the whole conformance suite, in memory and on a SQLite
/// file: ``DefaultStore`` must answer exactly as the store it wraps, history included.
@Suite struct DefaultStoreConformanceTests {
    static let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strata-default-conformance-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// `ModelConfiguration(isStoredInMemoryOnly: true)`: a fresh in-memory store per container.
    static let inMemory = ConformanceRunner(backend: ConformanceBackend(name: "default-in-memory", capabilities: InMemoryStore.declaredCapabilities) { caseID in
        ModelConfiguration("conformance-\(caseID)", isStoredInMemoryOnly: true)
    })

    /// `ModelConfiguration(url:)`: a SQLite file per configuration, reopened by later containers.
    static let file = ConformanceRunner(backend: ConformanceBackend(name: "default-sqlite", capabilities: SQLiteStore.declaredCapabilities) { caseID in
        ModelConfiguration(url: directory.appendingPathComponent("\(caseID)-\(UUID().uuidString).sqlite"))
    })

    @Test(arguments: ConformanceSuite.cases)
    func inMemoryConformance(_ conformanceCase: ConformanceCase) throws {
        try Self.inMemory.check(conformanceCase)
    }

    @Test(arguments: ConformanceSuite.cases)
    func fileConformance(_ conformanceCase: ConformanceCase) throws {
        try Self.file.check(conformanceCase)
    }

    /// The runners declare what the stores report: the wrapped store's capabilities.
    @Test func capabilitiesAreTheWrappedStores() throws {
        let memory = try ModelContainer(for: Trip.self, configurations: try Self.inMemory.backend.makeConfiguration("capabilities"))
        #expect(memory.dataStore.capabilities == Self.inMemory.backend.capabilities)
        let file = try ModelContainer(for: Trip.self, configurations: try Self.file.backend.makeConfiguration("capabilities"))
        #expect(file.dataStore.capabilities == Self.file.backend.capabilities)
    }
}
