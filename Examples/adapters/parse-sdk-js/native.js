// Typed value notation (Vectors/INTERPRETING.md §4) to and from Parse-SDK-JS's own values.
//
// Going in (`fromTVN`), each TVN node becomes what an application using the SDK holds for it: a
// `Date`, a `Parse.GeoPoint`, a `Parse.Polygon`, a `Parse.File` (as `Parse.File.fromJSON` makes one
// for a stored file), a `Parse.Object` (a pointer is `createWithoutData`, an embedded object one
// built by `Parse.Object.fromJSON`), a `Parse.Relation`, a `Parse.ACL`, one of the `Parse.Op`
// classes, and for Bytes a `Uint8Array`, JavaScript's byte type (the SDK has no Bytes class).
// Coming out (`toTVN`), each value the SDK produced is written as the TVN node of what it is, and
// nothing is repaired: a plain object the SDK left undecoded (`{"__type":"Bytes",…}`) stays a plain
// object, a Parse.Object without data is the pointer the SDK takes it for.
'use strict';

/** Thrown when the SDK accepted the input but its value has no TVN spelling. */
class Unrepresentable extends Error {}

const hasOwn = (object, key) => Object.prototype.hasOwnProperty.call(object, key);

/** An own, enumerable member, even one named `__proto__` (plain assignment would set the prototype). */
function put(object, key, value) {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function numberText(n) {
  if (!Number.isFinite(n)) {
    throw new Unrepresentable(`the number ${n}`);
  }
  return Object.is(n, -0) ? '-0' : String(n);
}

/**
 * The TVN of `null`, a boolean, a number or a string; `undefined` for an object, which the caller
 * reads by its shape. Another JavaScript type has no TVN spelling (`what` names the place).
 */
function scalarTVN(value, what) {
  if (value === null) {
    return { null: true };
  }
  switch (typeof value) {
    case 'boolean':
      return { bool: value };
    case 'number':
      return { number: numberText(value) };
    case 'string':
      return { string: value };
    case 'object':
      return undefined;
    default:
      throw new Unrepresentable(`a ${typeof value} ${what}`);
  }
}

function stringValue(s, what) {
  if (typeof s !== 'string') {
    throw new Unrepresentable(`${what} is ${s === null ? 'null' : typeof s} ${JSON.stringify(s)}, not a string`);
  }
  return s;
}

function epochMs(date, what) {
  if (!(date instanceof Date)) {
    throw new Unrepresentable(`${what} is ${JSON.stringify(date)}, not a Date`);
  }
  if (Number.isNaN(date.getTime())) {
    throw new Unrepresentable(`${what} is an Invalid Date`);
  }
  return { epochMs: numberText(date.getTime()) };
}

/** Builds SDK values from TVN. */
class NativeBuilder {
  constructor(Parse) {
    this.Parse = Parse;
  }

  /** The SDK value an application would hold for a TVN node (operations excepted). */
  value(node) {
    const [type, body] = Object.entries(node)[0];
    const { Parse } = this;
    switch (type) {
      case 'null':
        return null;
      case 'bool':
      case 'string':
        return body;
      case 'number':
        return Number(body);
      case 'array':
        return body.map(element => this.value(element));
      case 'map': {
        const out = {};
        for (const [key, member] of Object.entries(body)) {
          put(out, key, this.value(member));
        }
        return out;
      }
      case 'unknownType': {
        const out = {};
        for (const [key, member] of Object.entries(body)) {
          put(out, key, this.value(member));
        }
        return out;
      }
      case 'date':
        return new Date(Number(body.epochMs));
      case 'bytes':
        return Uint8Array.from(Buffer.from(body.hex, 'hex'));
      case 'pointer':
        return Parse.Object.extend(body.className).createWithoutData(body.objectId);
      case 'relation': {
        const relation = new Parse.Relation(null, null);
        relation.targetClassName = body.className;
        return relation;
      }
      case 'geopoint':
        return new Parse.GeoPoint(Number(body.latitude), Number(body.longitude));
      case 'file':
        return Parse.File.fromJSON({ __type: 'File', name: body.name, url: body.url });
      case 'polygon':
        return new Parse.Polygon(body.map(([lat, lng]) => [Number(lat), Number(lng)]));
      case 'acl':
        return new Parse.ACL(body);
      case 'object':
        return this.object(body);
      default:
        throw new Error(`${type} is not a value node`);
    }
  }

  /**
   * A Parse.Object holding what a fetch of it would hold: its fields written by the SDK's own
   * encoder and read back by `Parse.Object.fromJSON`, as the SDK stores and restores objects.
   */
  object(body) {
    const { Parse } = this;
    const json = { className: body.className };
    if (body.objectId !== undefined) {
      json.objectId = body.objectId;
    }
    if (body.createdAt) {
      json.createdAt = new Date(Number(body.createdAt.epochMs));
    }
    if (body.updatedAt) {
      json.updatedAt = new Date(Number(body.updatedAt.epochMs));
    }
    if (body.acl) {
      json.ACL = body.acl;
    }
    for (const [key, member] of Object.entries(body.fields)) {
      put(json, key, Parse._encode(this.value(member)));
    }
    return Parse.Object.fromJSON(json, true);
  }

  /** The `Parse.Op` instances of an `op` node, in the order an application would apply them. */
  ops(body) {
    const [name, argument] = Object.entries(body)[0];
    const { Op } = this.Parse;
    switch (name) {
      case 'increment':
        return [new Op.Increment(Number(argument))];
      case 'add':
        return [new Op.Add(argument.map(element => this.value(element)))];
      case 'addUnique':
        return [new Op.AddUnique(argument.map(element => this.value(element)))];
      case 'remove':
        return [new Op.Remove(argument.map(element => this.value(element)))];
      case 'delete':
        return [new Op.Unset()];
      case 'addRelation':
        return [new Op.Relation(argument.map(p => this.value({ pointer: p })), [])];
      case 'removeRelation':
        return [new Op.Relation([], argument.map(p => this.value({ pointer: p })))];
      case 'batch':
        return argument.flatMap(each => this.ops(each));
      default:
        throw new Error(`${name} is not an operation`);
    }
  }
}

/** Writes SDK values as TVN. */
class TVNWriter {
  constructor(Parse) {
    this.Parse = Parse;
    // Parse.Op lists the operation classes but not their base class; the SDK's encoder finds it here.
    this.BaseOp = Parse.CoreManager.getParseOp().Op;
  }

  /**
   * The TVN node of a value the SDK produced.
   * @throws {Unrepresentable} when TVN has no spelling for it, or it nests deeper than this writer's
   *     recursion reaches (the SDK read it, so the answer is an acceptance either way)
   */
  value(value) {
    try {
      return this.node(value);
    } catch (error) {
      if (error instanceof RangeError && /call stack/.test(error.message)) {
        throw new Unrepresentable('a value nested deeper than the adapter can write as TVN');
      }
      throw error;
    }
  }

  node(value) {
    const { Parse } = this;
    const scalar = scalarTVN(value, 'value');
    if (scalar !== undefined) {
      return scalar;
    }
    if (Array.isArray(value)) {
      // A plain loop visits holes too (as undefined), where map would skip them, and costs one stack
      // frame per level, so the TVN of a value the SDK read nests as deep as the value does.
      const array = new Array(value.length);
      for (let i = 0; i < value.length; i += 1) {
        array[i] = this.node(value[i]);
      }
      return { array };
    }
    if (value instanceof Date) {
      return { date: epochMs(value, 'a Date') };
    }
    if (value instanceof Parse.Object) {
      return value.isDataAvailable() ? this.object(value) : this.pointer(value);
    }
    if (value instanceof Parse.Relation) {
      return { relation: { className: stringValue(value.targetClassName, "a Relation's className") } };
    }
    if (value instanceof Parse.GeoPoint) {
      return { geopoint: { latitude: numberText(value.latitude), longitude: numberText(value.longitude) } };
    }
    if (value instanceof Parse.Polygon) {
      return { polygon: value.coordinates.map(([lat, lng]) => [numberText(lat), numberText(lng)]) };
    }
    if (value instanceof Parse.File) {
      const file = { name: stringValue(value.name(), "a File's name") };
      if (value.url() !== undefined) {
        file.url = stringValue(value.url(), "a File's url");
      }
      return { file };
    }
    if (value instanceof Parse.ACL) {
      return { acl: this.aclBody(value) };
    }
    if (value instanceof this.BaseOp) {
      return this.op(value);
    }
    const members = {};
    for (const key of Object.keys(value)) {
      put(members, key, this.node(value[key]));
    }
    // TVN's convention (INTERPRETING §4): an object whose `__type` is a non-empty string is an
    // `unknownType`; with no `__type`, or an empty or non-string one, it is a map. Either way the
    // SDK holds the same plain object.
    const typed = typeof value.__type === 'string' && value.__type !== '' && hasOwn(value, '__type');
    return typed ? { unknownType: members } : { map: members };
  }

  pointer(object) {
    return {
      pointer: {
        className: stringValue(object.className, "a Pointer's className"),
        objectId: stringValue(object.id, "a Pointer's objectId"),
      },
    };
  }

  /** A Parse.Object with data: className, objectId, createdAt, updatedAt, ACL and the other attributes. */
  object(object) {
    const body = { className: stringValue(object.className, "an object's className") };
    if (object.id !== undefined) {
      body.objectId = stringValue(object.id, "an object's objectId");
    }
    const attributes = object.attributes;
    for (const key of ['createdAt', 'updatedAt']) {
      if (attributes[key] !== undefined && attributes[key] !== null) {
        body[key] = epochMs(attributes[key], key);
      }
    }
    if (hasOwn(attributes, 'ACL')) {
      const acl = attributes.ACL;
      if (!(acl instanceof this.Parse.ACL)) {
        throw new Unrepresentable(`the ACL attribute is ${JSON.stringify(acl)}, not a Parse.ACL`);
      }
      body.acl = this.aclBody(acl);
    }
    body.fields = {};
    for (const [key, member] of Object.entries(attributes)) {
      if (key !== 'createdAt' && key !== 'updatedAt' && key !== 'ACL') {
        put(body.fields, key, this.value(member));
      }
    }
    return { object: body };
  }

  /** Only granted permissions are listed; a principal with none is left out (TVN's ACL rule). */
  aclBody(acl) {
    const out = {};
    for (const [principal, grants] of Object.entries(acl.toJSON())) {
      const kept = {};
      for (const permission of ['read', 'write']) {
        if (grants[permission] === true) {
          kept[permission] = true;
        }
      }
      if (Object.keys(kept).length) {
        put(out, principal, kept);
      }
    }
    return out;
  }

  /** A pending operation: a SetOp is its value, the others their `op` node. */
  op(op) {
    const { Op } = this.Parse;
    if (op instanceof Op.Set) {
      return this.value(op._value);
    }
    if (op instanceof Op.Unset) {
      return { op: { delete: true } };
    }
    if (op instanceof Op.Increment) {
      return { op: { increment: numberText(op._amount) } };
    }
    if (op instanceof Op.AddUnique) {
      return { op: { addUnique: op._value.map(element => this.value(element)) } };
    }
    if (op instanceof Op.Add) {
      return { op: { add: op._value.map(element => this.value(element)) } };
    }
    if (op instanceof Op.Remove) {
      return { op: { remove: op._value.map(element => this.value(element)) } };
    }
    if (op instanceof Op.Relation) {
      return this.relationOp(op);
    }
    throw new Unrepresentable(`an operation of class ${op.constructor.name}`);
  }

  /** A RelationOp keeps object ids and one class name; it is written as the operations it holds. */
  relationOp(op) {
    const pointers = ids =>
      ids.map(objectId => ({
        className: stringValue(op._targetClassName, "a relation operation's className"),
        objectId: stringValue(objectId, "a related objectId"),
      }));
    const adds = op.relationsToAdd.length ? { addRelation: pointers(op.relationsToAdd) } : null;
    const removes = op.relationsToRemove.length ? { removeRelation: pointers(op.relationsToRemove) } : null;
    if (adds && removes) {
      return { op: { batch: [adds, removes] } };
    }
    if (adds || removes) {
      return { op: adds || removes };
    }
    throw new Unrepresentable('a relation operation that adds and removes nothing (its toJSON() is {})');
  }
}

module.exports = { NativeBuilder, TVNWriter, Unrepresentable, put, numberText, scalarTVN };
