import Foundation
import StrataCore
import StrataSQL
import Testing

/// A photo whose large value is declared before the attributes queries read.
@Model final class Photo {
    @Attribute(.externalStorage) var pixels: Data
    var caption: String
    var taken: Date

    init(pixels: Data, caption: String, taken: Date) {
        self.pixels = pixels
        self.caption = caption
        self.taken = taken
    }
}

@Suite struct ExternalStorageTests {
    /// Reading `caption` or `taken` never walks the pixels' overflow pages: they are stored last.
    @Test(arguments: [SQLiteDialect() as any SQLDialect, PostgresDialect()])
    func externalStorageColumnsAreCreatedLast(_ dialect: any SQLDialect) throws {
        let tables = try SchemaTables(schema: Schema([Photo.self]), dialect: dialect)
        let photo = try #require(tables.tables.first { $0.name == "Photo" })
        #expect(photo.columns.map(\.name) == ["_pk", "caption", "taken", "pixels"])
        let create = try #require(tables.createStatements(for: photo).first?.text)
        let captionAt = try #require(create.range(of: "caption")?.lowerBound)
        let pixelsAt = try #require(create.range(of: "pixels")?.lowerBound)
        #expect(captionAt < pixelsAt)
    }
}
