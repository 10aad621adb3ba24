const S3rver = require('s3rver'); const fs = require('fs'); const os=require('os'); const path=require('path');
const { S3Client, PutObjectCommand, CreateBucketCommand, DeleteObjectCommand } = require('@aws-sdk/client-s3');
const { Readable } = require('stream');
const dir = fs.mkdtempSync(path.join(os.tmpdir(),'s3c-'));
const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
process.on('exit', (c)=>console.log('exit', c));
const B = 'bucket-x';
server.run().then(async ({port}) => {
  const c = new S3Client({ endpoint:`http://127.0.0.1:${port}`, region:'us-east-1', forcePathStyle:true, credentials:{accessKeyId:'S3RVER', secretAccessKey:'S3RVER'} });
  await c.send(new CreateBucketCommand({Bucket:B}));
  let errs = 0;
  for (let i = 0; i < 200; i++) {
    await Promise.all(Array.from({length: 8}, (_, j) => `${i}-${j}`).flatMap((i) => [
      c.send(new PutObjectCommand({Bucket:B, Key:`uploads/a${i}`, Body: Readable.from([Buffer.alloc(1000)]), ContentLength: 1000})).then(() => c.send(new DeleteObjectCommand({Bucket:B, Key:`uploads/a${i}`}))).catch(()=>errs++),
      c.send(new PutObjectCommand({Bucket:B, Key:`uploads/b${i}`, Body: Readable.from([Buffer.alloc(1000)]), ContentLength: 1000})).then(() => c.send(new DeleteObjectCommand({Bucket:B, Key:`uploads/b${i}`}))).catch(()=>errs++),
    ]));
  }
  console.log('alive, client errors', errs); process.exit(0);
});
