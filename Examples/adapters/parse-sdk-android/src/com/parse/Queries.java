package com.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.nio.charset.StandardCharsets;
import org.json.JSONException;

/**
 * Find requests (context query, encode): the TVN request is built with ParseQuery's public methods,
 * as an application writes the query, and the request is the body the SDK sends for
 * ParseRESTQueryCommand.findCommand (countCommand for a count, after the limit-0 copy
 * ParseQuery#countInBackground makes): a POST with "_method":"GET" whose parameters are strings.
 * The string members where, limit, skip and count are read as parse-server reads them
 * (ClassesRouter.js: JSON.parse of where, Number of limit and skip); the others stay as sent. A
 * constraint the SDK has no method for is answered unsupported.
 */
final class Queries {
    private Queries() {}

    static String encode(Object value, String className) throws ConformanceAdapter.Rejection {
        Map<String, Object> request = TvnIn.map(TvnIn.only(value).getValue());
        ParseQuery<ParseObject> query = ConformanceAdapter.sdk(() -> build(className, request));
        boolean count = request.containsKey("count")
                && Boolean.TRUE.equals(TvnIn.only(request.get("count")).getValue());
        String sent = ConformanceAdapter.sdk(() -> {
            ParseQuery.State.Builder<ParseObject> copy = new ParseQuery.State.Builder<>(query.getBuilder());
            if (count) copy.setLimit(0);
            ParseQuery.State<ParseObject> state = copy.build();
            ParseRESTCommand command = count
                    ? ParseRESTQueryCommand.countCommand(state, null)
                    : ParseRESTQueryCommand.findCommand(state, null);
            // A find is a GET; ParseRESTCommand#newBody sends it as a POST whose JSON body holds
            // the parameters as strings and "_method":"GET".
            return new String(ParseIOUtils.toByteArray(command.newBody(null).getContent()),
                    StandardCharsets.UTF_8);
        });
        Map<String, Object> out = TvnIn.map(AdapterJson.parse(sent));
        for (String key : new String[] {"where", "limit", "skip", "count"}) {
            // As parse-server reads these string members (ClassesRouter.js: JSON.parse of where,
            // Number of limit and skip, count by truthiness, "1" being 1).
            if (out.get(key) instanceof String) out.put(key, AdapterJson.parse((String) out.get(key)));
        }
        return AdapterJson.write(out);
    }

    static ParseQuery<ParseObject> build(String className, Map<String, Object> request) throws JSONException {
        Map<String, Object> where = request.containsKey("where")
                ? TvnIn.map(TvnIn.only(request.get("where")).getValue()) : new LinkedHashMap<>();
        ParseQuery<ParseObject> q = base(className, where);
        constrain(q, where);
        for (Map.Entry<String, Object> p : request.entrySet()) {
            String text = p.getValue() instanceof Map && TvnIn.only(p.getValue()).getValue() instanceof String
                    ? (String) TvnIn.only(p.getValue()).getValue() : null;
            switch (p.getKey()) {
                case "where":
                case "count":
                case "_method":
                case "className": // a subquery's class, given to the ParseQuery constructor
                    break;
                case "limit":
                    q.setLimit(Integer.parseInt(text));
                    break;
                case "skip":
                    q.setSkip(Integer.parseInt(text));
                    break;
                case "order":
                    for (String key : text.split(",")) {
                        if (key.startsWith("-")) q.addDescendingOrder(key.substring(1));
                        else q.addAscendingOrder(key);
                    }
                    break;
                case "include":
                    for (String key : text.split(",")) q.include(key);
                    break;
                case "keys":
                    q.selectKeys(Arrays.asList(text.split(",")));
                    break;
                default:
                    throw new Messages.Skip("ParseQuery has no method for the parameter " + p.getKey());
            }
        }
        return q;
    }

    /** The query the constraints start from: $or and $relatedTo make their own. */
    static ParseQuery<ParseObject> base(String className, Map<String, Object> where) throws JSONException {
        if (where.containsKey("$or")) {
            List<ParseQuery<ParseObject>> parts = new ArrayList<>();
            for (Object clause : TvnIn.list(TvnIn.only(where.get("$or")).getValue())) {
                Map<String, Object> clauseWhere = TvnIn.map(TvnIn.only(clause).getValue());
                ParseQuery<ParseObject> part = base(className, clauseWhere);
                constrain(part, clauseWhere);
                parts.add(part);
            }
            return ParseQuery.or(parts);
        }
        if (where.containsKey("$relatedTo")) {
            Map<String, Object> r = TvnIn.map(TvnIn.only(where.get("$relatedTo")).getValue());
            ParseObject parent = (ParseObject) TvnIn.value(r.get("object"));
            ParseRelation<ParseObject> relation = parent.getRelation(TvnIn.text(TvnIn.only(r.get("key")).getValue()));
            // A find request of the corpus runs on the relation's target class (QUERY-9), as an app's
            // relation of a fetched object knows it ({"__type":"Relation","className":…},
            // ParseRelation(JSONObject)); a relation whose target class is unknown would query the
            // owner's class with redirectClassNameForKey instead (ParseRelation.getQuery).
            relation.setTargetClass(className);
            return relation.getQuery();
        }
        return new ParseQuery<>(className);
    }

    static void constrain(ParseQuery<ParseObject> q, Map<String, Object> where) throws JSONException {
        for (Map.Entry<String, Object> e : where.entrySet()) {
            String key = e.getKey();
            if (key.equals("$or") || key.equals("$relatedTo")) continue;
            if (key.startsWith("$")) throw new Messages.Skip("ParseQuery has no method for " + key);
            Map.Entry<String, Object> node = TvnIn.only(e.getValue());
            boolean operators = node.getKey().equals("map") && !TvnIn.map(node.getValue()).isEmpty()
                    && TvnIn.map(node.getValue()).keySet().stream().allMatch(k -> k.startsWith("$"));
            if (!operators) {
                q.whereEqualTo(key, TvnIn.value(e.getValue()));
                continue;
            }
            operators(q, key, TvnIn.map(node.getValue()));
        }
    }

    static double number(Object node) {
        return Double.parseDouble(TvnIn.text(TvnIn.only(node).getValue()));
    }

    static List<Object> values(Object node) throws JSONException {
        List<Object> out = new ArrayList<>();
        for (Object element : TvnIn.list(TvnIn.only(node).getValue())) out.add(TvnIn.value(element));
        return out;
    }

    static ParseQuery<ParseObject> subquery(Object node) throws JSONException {
        Map<String, Object> m = TvnIn.map(TvnIn.only(node).getValue());
        String className = TvnIn.text(TvnIn.only(m.get("className")).getValue());
        return build(className, m);
    }

    @SuppressWarnings("unchecked")
    static void operators(ParseQuery<ParseObject> q, String key, Map<String, Object> ops) throws JSONException {
        for (Map.Entry<String, Object> op : ops.entrySet()) {
            Object arg = op.getValue();
            switch (op.getKey()) {
                case "$eq":
                    q.whereEqualTo(key, TvnIn.value(arg));
                    break;
                case "$ne":
                    q.whereNotEqualTo(key, TvnIn.value(arg));
                    break;
                case "$lt":
                    q.whereLessThan(key, TvnIn.value(arg));
                    break;
                case "$lte":
                    q.whereLessThanOrEqualTo(key, TvnIn.value(arg));
                    break;
                case "$gt":
                    q.whereGreaterThan(key, TvnIn.value(arg));
                    break;
                case "$gte":
                    q.whereGreaterThanOrEqualTo(key, TvnIn.value(arg));
                    break;
                case "$in":
                    q.whereContainedIn(key, values(arg));
                    break;
                case "$nin":
                    q.whereNotContainedIn(key, values(arg));
                    break;
                case "$all":
                    q.whereContainsAll(key, values(arg));
                    break;
                case "$exists":
                    if (Boolean.TRUE.equals(TvnIn.only(arg).getValue())) q.whereExists(key);
                    else q.whereDoesNotExist(key);
                    break;
                case "$regex": {
                    String regex = (String) TvnIn.value(arg);
                    if (ops.containsKey("$options")) q.whereMatches(key, regex, (String) TvnIn.value(ops.get("$options")));
                    else q.whereMatches(key, regex);
                    break;
                }
                case "$options":
                case "$maxDistance":
                case "$maxDistanceInMiles":
                case "$maxDistanceInKilometers":
                case "$maxDistanceInRadians":
                    break; // read with $regex, $nearSphere
                case "$nearSphere": {
                    ParseGeoPoint point = (ParseGeoPoint) TvnIn.value(arg);
                    if (ops.containsKey("$maxDistance")) q.whereWithinRadians(key, point, number(ops.get("$maxDistance")));
                    else if (ops.containsKey("$maxDistanceInRadians")) q.whereWithinRadians(key, point, number(ops.get("$maxDistanceInRadians")));
                    else if (ops.containsKey("$maxDistanceInMiles")) q.whereWithinMiles(key, point, number(ops.get("$maxDistanceInMiles")));
                    else if (ops.containsKey("$maxDistanceInKilometers")) q.whereWithinKilometers(key, point, number(ops.get("$maxDistanceInKilometers")));
                    else q.whereNear(key, point);
                    break;
                }
                case "$within": {
                    Map<String, Object> within = TvnIn.map(TvnIn.only(arg).getValue());
                    if (!within.containsKey("$box")) throw new Messages.Skip("ParseQuery has no method for this $within");
                    List<Object> box = values(within.get("$box"));
                    if (box.size() != 2) throw new Messages.Skip("ParseQuery#whereWithinGeoBox writes a $box of two corners, not " + box.size());
                    q.whereWithinGeoBox(key, (ParseGeoPoint) box.get(0), (ParseGeoPoint) box.get(1));
                    break;
                }
                case "$geoWithin": {
                    Map<String, Object> within = TvnIn.map(TvnIn.only(arg).getValue());
                    if (!within.containsKey("$polygon")) throw new Messages.Skip("ParseQuery has no method for $geoWithin without $polygon");
                    Object polygon = TvnIn.value(within.get("$polygon"));
                    if (polygon instanceof ParsePolygon) q.whereWithinPolygon(key, (ParsePolygon) polygon);
                    else q.whereWithinPolygon(key, (List<ParseGeoPoint>) (List<?>) polygon);
                    break;
                }
                case "$geoIntersects": {
                    Map<String, Object> m = TvnIn.map(TvnIn.only(arg).getValue());
                    q.wherePolygonContains(key, (ParseGeoPoint) TvnIn.value(m.get("$point")));
                    break;
                }
                case "$inQuery":
                    q.whereMatchesQuery(key, subquery(arg));
                    break;
                case "$notInQuery":
                    q.whereDoesNotMatchQuery(key, subquery(arg));
                    break;
                case "$select":
                case "$dontSelect": {
                    Map<String, Object> m = TvnIn.map(TvnIn.only(arg).getValue());
                    for (String member : m.keySet()) {
                        // The builder takes the key and the query, nothing else: never drop a member.
                        if (!member.equals("key") && !member.equals("query")) {
                            throw new Messages.Skip("ParseQuery#whereMatchesKeyInQuery writes " + op.getKey() + " with key and query only, not " + member);
                        }
                    }
                    String keyInQuery = TvnIn.text(TvnIn.only(m.get("key")).getValue());
                    ParseQuery<ParseObject> sub = subquery(m.get("query"));
                    if (op.getKey().equals("$select")) q.whereMatchesKeyInQuery(key, keyInQuery, sub);
                    else q.whereDoesNotMatchKeyInQuery(key, keyInQuery, sub);
                    break;
                }
                case "$text": {
                    Map<String, Object> m = TvnIn.map(TvnIn.only(arg).getValue());
                    Map<String, Object> search = TvnIn.map(TvnIn.only(m.get("$search")).getValue());
                    if (search.size() != 1 || !search.containsKey("$term")) {
                        throw new Messages.Skip("ParseQuery#whereFullText takes a term only");
                    }
                    q.whereFullText(key, (String) TvnIn.value(search.get("$term")));
                    break;
                }
                default:
                    throw new Messages.Skip("ParseQuery has no method for " + op.getKey());
            }
        }
    }
}
