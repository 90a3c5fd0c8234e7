import Foundation
import Testing
@testable import ParseWire
import SeedModels

/// Reading a ``ParseValue``: subscripts, typed accessors, its description as canonical JSON, and
/// conversion from and to Codable types.
@Suite struct ParseValueAccessTests {
    static let text = #"{"name":"Soup","servings":4,"price":12.5,"big":9007199254740993,"ok":true,"none":null,"#
        + #""tags":["a","b"],"when":{"__type":"Date","iso":"2022-01-01T12:23:45.678Z"},"#
        + #""author":{"__type":"Pointer","className":"Author","objectId":"a1"},"#
        + #""shelf":{"__type":"Object","className":"Shelf","objectId":"s1","label":"top"}}"#

    static var value: ParseValue { get throws { try ParseValueDecoder().decode(text) } }

    @Test("a map's members and an array's elements are reached by subscript; a miss is nil")
    func subscripts() throws {
        let value = try Self.value
        #expect(value["name"] == "Soup")
        #expect(value["tags"]?[1] == "b")
        #expect(value["tags"]?[2] == nil)
        #expect(value["tags"]?[-1] == nil)
        #expect(value["missing"] == nil)
        #expect(value["none"] == .null)
        #expect(value[0] == nil)
        #expect(value["tags"]?["a"] == nil)
        #expect(value["shelf"]?["label"] == "top")
        #expect(value["shelf"]?["objectId"] == "s1")
    }

    @Test("typed accessors give the value of their own case only")
    func accessors() throws {
        let value = try Self.value
        #expect(value["name"]?.stringValue == "Soup")
        #expect(value["servings"]?.intValue == 4)
        #expect(value["servings"]?.doubleValue == 4)
        #expect(value["price"]?.doubleValue == 12.5)
        #expect(value["price"]?.intValue == nil)
        #expect(value["big"]?.int64Value == 9_007_199_254_740_993)
        #expect(value["ok"]?.boolValue == true)
        #expect(value["none"]?.isNull == true)
        #expect(value["name"]?.isNull == false)
        #expect(value["tags"]?.arrayValue == ["a", "b"])
        #expect(value["when"]?.dateValue == ParseDate(uncheckedEpochMilliseconds: 1_641_039_825_678).date)
        #expect(value["author"]?.pointerValue == (try ParsePointer(className: "Author", objectId: "a1")))
        #expect(value["shelf"]?.objectValue?.className == "Shelf")
        #expect(value.mapValue?.keys.first == "name")
        #expect(value["name"]?.intValue == nil)
        #expect(value["servings"]?.stringValue == nil)
        #expect(value["ok"]?.intValue == nil)
        #expect(value["author"]?.objectValue == nil)
    }

    @Test("description is the canonical JSON", arguments: [
        #"{"a":[1,2.5,"x",null,true],"b":{"__type":"Bytes","base64":"AAE="}}"#,
        #"{"__type":"GeoPoint","latitude":40,"longitude":-30.5}"#,
        #"9007199254740993"#,
        #""é\n""#,
    ])
    func description(text: String) throws {
        let value = try ParseValueDecoder().decode(text)
        #expect(value.description == text)
        #expect("\(value)" == text)
    }

    @Test("an ACL and a field operation describe themselves as their JSON")
    func descriptionOfPlacedValues() throws {
        #expect(ParseValue.acl(.publicRead).description == #"{"*":{"read":true}}"#)
        #expect(ParseValue.operation(.increment(ParseNumber(2))).description == #"{"__op":"Increment","amount":2}"#)
    }

    @Test("a value the encoder refuses describes itself by the reason")
    func descriptionOfUnwritableValue() throws {
        let description = ParseValue.map(["a.b": 1]).description
        #expect(description.hasPrefix("<a map that cannot be written: "), "\(description)")
    }

    @Test("a Codable value converts to a ParseValue and back")
    func codableConversion() throws {
        var generator = SeedGenerator(seed: 3)
        let recipe = generator.recipe()
        let value = try ParseValue(encoding: recipe)
        let object = try #require(value.objectValue)
        #expect(object.className == "Recipe")
        #expect(value["name"]?.stringValue == recipe.name)
        #expect(value["servings"]?.intValue == recipe.servings)
        #expect(value["releaseDate"]?.dateValue == recipe.releaseDate)
        #expect(try value.decode(Recipe.self) == recipe)

        struct Point: Codable, Equatable { var x: Int; var label: String? }
        let point = try ParseValue(encoding: Point(x: 3, label: nil))
        #expect(point == ["x": 3])
        #expect(try point.decode(Point.self) == Point(x: 3))
        #expect(try ParseValue.array([1, 2]).decode([Int].self) == [1, 2])
    }

    @Test("a ParseValue that does not fit the type fails with the bridge's error")
    func conversionFailure() throws {
        struct Point: Codable { var x: Int }
        let error = try #require(#expect(throws: DecodingError.self) { try ParseValue.map(["x": "three"]).decode(Point.self) })
        #expect(wireError(error)?.kind == .wrongFieldType)
        #expect(wireError(error)?.path == "$.x")
    }
}
