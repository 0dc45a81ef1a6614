// Test vectors from each format's own specification or reference documentation, written once.
// Tests import them by name instead of writing the text out again; each says where it comes
// from and what it holds, so a test reads like the spec it checks.

/** ulid/javascript README: `ulid(1469918176385)`, 2016-07-30T22:36:16.385Z. */
export const ULID_SPEC = '01ARYZ6S41TSV4RRFFQ69G5FAV';
export const ULID_SPEC_MS = 1469918176385;
/** The largest ULID (2^128 - 1): its time is 10889-08-02T05:31:50.655Z. */
export const ULID_MAX = '7ZZZZZZZZZZZZZZZZZZZZZZZZZ';
/** RFC 9562 Appendix A.1, UUID v1 of 2022-02-22T19:22:22Z (Tuesday, February 22, 2022 2:22:22 PM GMT-05:00). */
export const UUID_V1_RFC = 'c232ab00-9414-11ec-b3c8-9f6bdeced846';
/** RFC 9562 Appendix A.6, UUID v7 of the same time: 1645557742000 ms. */
export const UUID_V7_RFC = '017f22e2-79b0-7cc3-98c4-dc0c0c07398f';
/** AWS X-Ray developer guide: a trace id of 2016-06-09T22:11:20Z. */
export const XRAY_SPEC = '1-5759e988-bd862e3fe1be46a994272793';
/** MongoDB manual's ObjectId example: 2012-10-17T21:13:27Z. */
export const OBJECTID_SPEC = '507f1f77bcf86cd799439011';
/** scru128 README: 2022-03-19T11:03:30.742Z. */
export const SCRU128_SPEC = '036z951mhjikzik2gsl81gr7l';
/** rs/xid README: 2011-03-22T17:50:19Z. */
export const XID_SPEC = '9m4e2mr0ui3e8a215n4g';
/** segmentio/ksuid README: 2017-10-10T04:00:47Z. */
export const KSUID_SPEC = '0ujtsYcgvSTl8PAuAdqWYSMnLOv';
/** paralleldrive/cuid README (v1): 2018-08-28T01:59:12.101Z. */
export const CUID_SPEC = 'cjld2cjxh0000qzrmn831i7rn';
