import Foundation
import Strata
import StrataConformance

/// `strata conformance --store memory`: a fresh in-memory store per case, which leaves nothing behind.
struct InMemoryConformanceTarget: ConformanceTarget {
    let backend = ConformanceBackend(name: "in-memory", capabilities: InMemoryStore.declaredCapabilities) { caseID in
        InMemoryConfiguration(name: "conformance-\(caseID)-\(UUID().uuidString)")
    }
    let summary = "in-memory stores, one per case"
    let place = "memory"
    let kept = "in-memory stores keep nothing"

    func checkConfiguration() throws -> any DataStoreConfiguration {
        try backend.makeConfiguration("check")
    }

    func takeCreated() -> @Sendable () throws -> Void {
        {}
    }
}
