import ChoreoTimeline
import Testing

@testable import ChoreoScene

// `PropertyMap` stands in for `[Property: Value]` in the model: it must answer as the dictionary
// did, iterate in property order, and hold every property of the table.

@Suite struct PropertyMapTests {
    @Test func theTableFitsTheMask() {
        #expect(Property.allCases.count <= PropertyMap<Int>.capacity)
        #expect(Property.allCases.map(\.rawValue) == Array(0..<Property.allCases.count))
    }

    @Test func answersAsADictionaryDoes() {
        var map = PropertyMap<Int>()
        var dictionary: [Property: Int] = [:]
        // A deterministic walk over every property, both halves of the mask, setting, replacing
        // and removing in scrambled order.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for step in 0..<4_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let property = Property.allCases[Int(state >> 33) % Property.allCases.count]
            let value: Int? = (state >> 20) % 3 == 0 ? nil : step
            map[property] = value
            dictionary[property] = value
            #expect(map[property] == dictionary[property])
        }
        // In the table's order (by id; `Property`'s `<` compares paths, for messages).
        let tableOrder = dictionary.keys.sorted { $0.rawValue < $1.rawValue }
        #expect(map.count == dictionary.count)
        #expect(map.keys == tableOrder)
        #expect(map.values == tableOrder.map { dictionary[$0]! })
        for property in Property.allCases {
            #expect(map[property] == dictionary[property])
            #expect(map.contains(property) == (dictionary[property] != nil))
        }
    }

    @Test func iteratesInPropertyOrder() {
        let last = Property.allCases[Property.allCases.count - 1]
        var map: PropertyMap<String> = [.opacity: "o", .id: "i", last: "z"]
        map[.strokeWidth] = "w"
        #expect(map.map(\.key) == [.id, .opacity, .strokeWidth, last])
        #expect(map.map(\.value) == ["i", "o", "w", "z"])
        map[.opacity] = nil
        #expect(Array(map.keys) == [.id, .strokeWidth, last])
        #expect(map.isEmpty == false)
    }

    @Test func mergesAndMapsValues() {
        var map: PropertyMap<Int> = [.rotation: 1, .opacity: 2]
        map.merge([Property.opacity: 20, .size: 30]) { _, new in new }
        #expect(map == [.rotation: 1, .opacity: 20, .size: 30])
        map.merge([.rotation: 5] as PropertyMap<Int>) { old, new in old + new }
        #expect(map[.rotation] == 6)
        #expect(map.mapValues { $0 * 2 } == [.rotation: 12, .opacity: 40, .size: 60])
        #expect(map[.fill, default: 7] == 7)
    }

    @Test func equalityIsByContent() {
        var a: PropertyMap<Int> = [.rotation: 1]
        var b = PropertyMap<Int>()
        b[.opacity] = 2
        b[.rotation] = 1
        b[.opacity] = nil
        #expect(a == b)
        a[.rotation] = 2
        #expect(a != b)
    }

    @Test func typedReadersOfPropertyValues() {
        let values: PropertyValues = [.rotation: .number(45), .size: .point(Point(2, 3))]
        #expect(values.number(.rotation) == 45)
        #expect(values.point(.size) == Point(2, 3))
        #expect(values.number(.opacity) == nil)
        #expect(values.path(.d) == nil)
    }
}
