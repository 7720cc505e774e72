import StrataCore

/// An inverse SwiftData infers (the only relationships between two types, one each way) and an
/// optional to-many: stored, fetched, queried and cascaded like declared ones.
extension RelationshipCases {
    static let inferredCases: [ConformanceCase] = [inferredInverseRoundTrips]

    static let inferredInverseRoundTrips = ConformanceCase("relationships.inferred.optionalToManyInverse", category: "relationships") { environment in
        let container = try environment.makeContainer(for: [Album.self, Track.self])
        let context = ModelContext(container)
        let album = Album(title: "blue")
        context.insert(album)
        let tracks = ["a", "b"].map(Track.init)
        album.tracks?.append(contentsOf: tracks)
        try Check.that(tracks.allSatisfy { $0.album === album }, "appending to the to-many set the inferred inverse")
        let loose = Track(name: "loose")
        context.insert(loose)
        try context.save()

        let reader = ModelContext(container)
        let found = try reader.fetch(FetchDescriptor<Track>(predicate: #Predicate { $0.album?.title == "blue" }, sortBy: [SortDescriptor(\.name)]))
        try Check.equal(found.map(\.name), ["a", "b"], "a predicate through the inferred to-one")
        let stored = try reader.fetch(FetchDescriptor<Album>())
        try Check.equal(stored.first?.tracks?.map(\.name).sorted(), ["a", "b"], "the optional to-many reads its tracks")
        try Check.equal(stored.first?.year, 2000, "an attribute typed by its initial value")
        reader.delete(stored[0])
        try reader.save()
        let names = try ModelContext(container).fetch(FetchDescriptor<Track>()).map(\.name)
        try Check.equal(names, ["loose"], "deleting the album cascaded to its tracks only")
    }
}
